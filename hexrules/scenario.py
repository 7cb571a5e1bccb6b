# Why this module is over ~900 lines: scenario text in and out is one piece that every topic
# module imports from: the format, its reader and the helpers each topic's reader shares, its
# writer, the text faces, and the registry of topic sections. About a third of the lines are numpydoc
# docstrings and doctests.
"""Scenario text in and out: the format, its reader and writer, and the registry of topic sections.

A few readable lines describe a board, the units on it and whatever a rule topic adds::

    name: Jumping
    title: Char's Zaku II jumps from a hill
    map:
        0  0  0  0  0  0
         0  0  0  0  0  0
        0  1  0  1  0  0
    units:
        "Char's Zaku II"  side=zeon  at=B3  advance=3 dash=2
    garrisons:
        "Federation Garrison"  side=federation  at=C3

The core sections (read here):

* ``name:`` a short name; ``title:`` an optional human title, the heading explorers show
  (:attr:`Scenario.heading`). Both take the rest of their line.
* ``orientation: pointy`` (default) or ``flat``.
* ``terrain: NAME symbol=S cost=N [impassable]`` adds or edits a terrain type (T1).
* ``map:`` rows are offset rows (``odd-r``: odd rows sit half a hex to the right; indentation
  is only for the eye). A cell is an elevation (digits, default 0) followed by an optional
  terrain symbol: ``.`` open, ``~`` water, ``X`` impassable, or a designer symbol. ``-`` is
  "no hex here", for boards that are not rectangles.
* ``units:`` and ``garrisons:`` lines: a name (quote it if it has spaces) then ``key=value``
  fields: ``side`` and ``at`` (a label such as ``C4``) are required; ``advance``, ``dash``,
  ``speed``, ``hp``, ``damage`` and ``ignore_engagement`` are optional.
* ``#`` starts a comment; blank lines are ignored.

Errors name the file, line and column (:class:`~hexrules.errors.ScenarioError`).

Topic sections
--------------
Every other heading belongs to a rule topic, which registers a :class:`SectionReader` when its
module is imported (``hexrules/__init__.py`` imports every shipped topic module, so
:func:`parse_scenario` always knows their headings). Crush's ``pieces:``, ``squads:``,
``vehicles:`` and ``paths:`` (:mod:`hexrules.crush_scenario`) are the model to copy::

    register_section(SectionReader(
        key="crush",                                   # Scenario.sections["crush"]
        headings=("pieces", "squads", "vehicles", "paths"),
        read=read_crush,        # (sections, scenario so far, reader) -> the topic's data
        write=write_crush,      # (data, scenario) -> lines of text, headings included
        check=check_crush,      # optional: (data, scenario) -> None, raises on a bad value
        describe=describe_crush,  # optional: (data, scenario) -> [(hex or None, words)] for str()
    ))

* The reader gets its sections in file order, each a :class:`Section` (heading, line, column,
  and its entry :class:`Line` s: line number, :class:`Token` s with 1-based columns, raw text),
  and the :class:`Scenario` read so far: its board, its units, and the data of the topics
  registered before it (a topic module that imports another registers after it, so it can
  read that topic's data). A section may repeat; its lines come in file order.
* :meth:`Reader.entry` splits a line into words and ``key=value`` fields, refusing unknown
  and repeated keys; the :class:`Entry` it returns reads whole numbers, yes/no flags, labels
  and label lists, each error with the source, line and column of the bad value and the
  ruling. A reader raises those :class:`~hexrules.errors.ScenarioError` s only.
* :meth:`Scenario.to_text` writes the core sections, then every topic's lines in registration
  order; ``parse_scenario(sc.to_text()) == sc`` (the writer must keep that true).
* ``check`` keeps a scenario built in code (an editor, a test) as valid as one read from text.

Examples
--------
>>> sc = Scenario.from_text('''
... title: A hill
... map:
...   0 1
... units:
...   Gundam side=federation at=A1
... ''')
>>> sc.heading, sc.board.elevation("B1")
('A hill', 1)
>>> print(sc)
A hill
   A   B
1 [0]  1
A1  Gundam (federation): Advance 3, Dash 2
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from .board import DEFAULT_TERRAIN, Board, TerrainType
from .errors import BoardError, HexrulesError, ScenarioError
from .hexgrid import FLAT, POINTY, Hex, from_offset, to_label, to_offset
from .state import State, Unit

__all__ = [
    "CORE_SECTIONS",
    "Scenario",
    "parse_scenario",
    "load_scenario",
    "builtin",
    "scenario_names",
    "Token",
    "Line",
    "Section",
    "Entry",
    "Reader",
    "SectionReader",
    "tokens",
    "quote",
    "register_section",
    "unregister_section",
    "section_readers",
    "known_sections",
]

#: The headings :func:`parse_scenario` reads itself, in the order :meth:`Scenario.to_text` writes them.
CORE_SECTIONS = ("name", "title", "orientation", "terrain", "map", "units", "garrisons")

_TOKEN = re.compile(r'[^\s"]*(?:"[^"]*"[^\s"]*)+|\S+')  # "quoted parts" may hold spaces
_CELL = re.compile(r"^(\d*)(\D?)$")
_WHOLE = re.compile(r"[0-9]+")
_HEAD = re.compile(r"^\s*([a-z_]+):(.*)$")
_UNIT_INTS = ("advance", "dash", "speed", "hp", "damage")
_UNIT_FIELDS = ("side", "at", *_UNIT_INTS, "ignore_engagement")
_BOOL = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


# --- tokens, lines, entries: the helpers every section reader shares ---------------------------------


class Token(NamedTuple):
    """One word of a line and its 1-based column. ``text`` is as written (quotes included)."""

    column: int
    text: str

    @property
    def value(self) -> str:
        """The text without its surrounding double quotes (``'"Hab block"'`` -> ``'Hab block'``)."""
        t = self.text
        return t[1:-1] if len(t) >= 2 and t[0] == t[-1] == '"' else t


class Line(NamedTuple):
    """One entry line of a section: its 1-based number, its tokens (comments dropped), the raw text."""

    number: int
    tokens: tuple[Token, ...]
    text: str

    @property
    def indent(self) -> int:
        """The column of its first token (entries nested by indentation compare these)."""
        return self.tokens[0].column


@dataclass(frozen=True)
class Section:
    """A topic section as written: its heading, where the heading is, and its entry lines.

    Attributes
    ----------
    heading : str
        E.g. ``"pieces"``.
    line, column : int
        Where the heading is (1-based), for errors about the section as a whole.
    tokens : tuple of Token
        What follows the colon on the heading line (only for ``inline`` readers; else empty).
    lines : tuple of Line
        Its entries, in file order (blank and comment lines dropped).
    """

    heading: str
    line: int
    column: int
    tokens: tuple[Token, ...] = ()
    lines: tuple[Line, ...] = ()


def tokens(text: str) -> list[Token]:
    """The :class:`Token` s of one line; a ``#`` outside quotes starts a comment.

    >>> tokens('  "Hab block" cover=3  # a comment')
    [Token(column=3, text='"Hab block"'), Token(column=15, text='cover=3')]
    """
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if tok.startswith("#"):
            break
        out.append(Token(m.start() + 1, tok))
    return out


def quote(name: str) -> str:
    """``name`` as one token of scenario text: in double quotes when it has spaces or a character
    the format reads (``=``, ``#``, ``'``, ``:``, ``,``), else as it is.

    >>> quote("Hab block"), quote("R1")
    ('"Hab block"', 'R1')
    """
    return f'"{name}"' if re.search(r"[\s=#':,]", name) or not name else name


class Reader:
    """Error and entry helpers bound to one source text (a file name), for section readers.

    Parameters
    ----------
    source : str
        Where the text came from, the first part of every error message.
    """

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, message: str, line: int, column: int | None = None, ruling: str | None = None) -> ScenarioError:
        """A :class:`~hexrules.errors.ScenarioError` at ``source:line:column``, to raise."""
        return ScenarioError(message, source=self.source, line=line, column=column, ruling=ruling)

    def entry(self, line: Line, what: str, known: Sequence[str], *, ruling: str | None = None) -> "Entry":
        """Split ``line`` into words and ``key=value`` fields.

        A token with ``=`` (not in quotes) is a field; every other token is a word (quotes
        stripped). The column of a field is that of its value, so an error points at it.

        Parameters
        ----------
        line : Line
        what : str
            What the entry is, for messages (``"piece"``, ``"unit"``).
        known : sequence of str
            The field keys this entry may have.
        ruling : str, optional
            The ruling errors about this entry name unless a field gives another.

        Raises
        ------
        ScenarioError
            For ``key=`` without a value (or ``=value`` without a key), an unknown key (the
            message lists the known ones) or a key given twice.
        """
        words: list[Token] = []
        fields: dict[str, Token] = {}
        for tok in line.tokens:
            key, eq, value = tok.text.partition("=")
            if not eq or tok.text.startswith('"'):
                words.append(Token(tok.column, tok.value))
                continue
            if not key or not value:
                raise self.error(f"{what} field {tok.text!r} is not key=value", line.number, tok.column, ruling)
            if key not in known:
                raise self.error(f"unknown {what} field {key!r} (known: {', '.join(known) or 'none'})", line.number, tok.column, ruling)
            name = repr(words[0].text) if words else what
            if key in fields:
                raise self.error(f"{name} has {key}= twice", line.number, tok.column, ruling)
            fields[key] = Token(tok.column + len(key) + 1, Token(0, value).value)  # quotes stripped
        return Entry(self, line, what, tuple(words), MappingProxyType(fields), ruling)


@dataclass(frozen=True)
class Entry:
    """One entry line split into words and fields (see :meth:`Reader.entry`).

    Attributes
    ----------
    words : tuple of Token
        The tokens that are not ``key=value``, quotes stripped (usually a name first).
    fields : mapping of str to Token
        ``{key: Token(column of the value, value)}``.
    """

    reader: Reader
    line: Line
    what: str
    words: tuple[Token, ...]
    fields: Mapping[str, Token]
    ruling: str | None = None

    @property
    def name(self) -> str:
        """The first word (the entry's name), or ``""``."""
        return self.words[0].text if self.words else ""

    @property
    def subject(self) -> str:
        """How messages name the entry: ``"piece 'Hab block'"``."""
        return f"{self.what} {self.name!r}" if self.words else self.what

    def error(self, message: str, column: int | None = None, *, ruling: str | None = None) -> ScenarioError:
        """An error on this entry's line (at ``column``, default its first token), to raise."""
        column = self.line.indent if column is None else column
        return self.reader.error(message, self.line.number, column, ruling or self.ruling)

    def names(self, count: int, example: str) -> tuple[Token, ...]:
        """Exactly ``count`` words (names), else an error showing ``example``."""
        if len(self.words) != count:
            bad = self.words[count].column if len(self.words) > count else None
            raise self.error(f"{self.subject}: expected {count} name{'s' if count > 1 else ''} then key=value fields, "
                             f"e.g. {example}", bad)
        return self.words

    def text(self, key: str, default: str | None = None) -> str:
        """The value of ``key``; without it, ``default`` (None: the key is required)."""
        if key in self.fields:
            return self.fields[key].text
        if default is None:
            raise self.error(f"{self.subject} needs {key}=...")
        return default

    def whole(self, key: str, default: int | None = None, *, minimum: int = 0, maximum: int | None = None,
              ruling: str | None = None) -> int:
        """The whole-number value of ``key`` (>= ``minimum``, <= ``maximum``); without it, ``default``."""
        if key not in self.fields:
            if default is None:
                raise self.error(f"{self.subject} needs {key}=N", ruling=ruling)
            return default
        col, value = self.fields[key]
        n = int(value) if _WHOLE.fullmatch(value) and len(value) <= 18 else None
        if n is None or n < minimum or (maximum is not None and n > maximum):
            span = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
            raise self.error(f"{key}={value!r} is not a whole number {span}", col, ruling=ruling)
        return n

    def flag(self, key: str, default: bool, *, ruling: str | None = None) -> bool:
        """The yes/no value of ``key`` (``yes``/``no``, ``true``/``false``, ``1``/``0``)."""
        if key not in self.fields:
            return default
        col, value = self.fields[key]
        if value.lower() not in _BOOL:
            raise self.error(f"{key}={value!r} is not yes or no", col, ruling=ruling)
        return _BOOL[value.lower()]

    def hex(self, board: Board, token: Token, *, what: str, ruling: str | None = None) -> Hex:
        """The hex of ``board`` that label ``token`` names; an error at its column if none."""
        try:
            return board.hex(token.text, what=what)
        except HexrulesError as e:
            raise self.error(e.message, token.column, ruling=e.ruling or ruling) from None

    def position(self, board: Board, key: str = "at", *, what: str, ruling: str | None = None) -> Hex:
        """The hex of a required label field (``at=C4``); an error at its value if it is not on ``board``."""
        if key not in self.fields:
            raise self.error(f"{self.subject} needs {key}=LABEL (e.g. {key}=C4)", ruling=ruling)
        return self.hex(board, self.fields[key], what=what, ruling=ruling)

    def hexes(self, board: Board, key: str, *, what: str, ruling: str | None = None) -> tuple[Hex, ...]:
        """The hexes of a comma-separated label list ``key=C2,D2,D3`` (required), each error at its label."""
        if key not in self.fields:
            raise self.error(f"{self.subject} needs {key}=LABEL,LABEL,... (e.g. {key}=C2,D2)", ruling=ruling)
        col, value = self.fields[key]
        out = []
        for m in re.finditer(r"[^,]+", value):
            out.append(self.hex(board, Token(col + m.start(), m.group(0)), what=what, ruling=ruling))
        if not out:
            raise self.error(f"{key}={value!r} names no hex", col, ruling=ruling)
        return tuple(out)


# --- the registry of topic sections -------------------------------------------------------------------


@dataclass(frozen=True)
class SectionReader:
    """How a rule topic reads and writes its sections of scenario text (see the module docstring).

    Parameters
    ----------
    key : str
        The topic's key in :attr:`Scenario.sections` (e.g. ``"crush"``).
    headings : tuple of str
        The section headings it owns (lower-case words), in the order its writer uses them.
    read : callable
        ``read(sections, scenario, reader) -> data``: ``sections`` a tuple of :class:`Section`
        (file order), ``scenario`` the :class:`Scenario` read so far, ``reader`` a
        :class:`Reader` for errors. Raises :class:`~hexrules.errors.ScenarioError`.
    write : callable
        ``write(data, scenario) -> iterable of str``: the lines, headings included, that
        ``read`` turns back into equal data.
    check : callable, optional
        ``check(data, scenario)``: raises a :class:`~hexrules.errors.HexrulesError` when
        ``data`` does not fit the scenario (a hex off the board); run on every
        :class:`Scenario` built.
    describe : callable, optional
        ``describe(data, scenario) -> [(hex or None, words)]``: what ``str(scenario)`` shows
        on the map (a hex) or under it (None).
    inline : bool
        True if a heading line may carry tokens after its colon (:attr:`Section.tokens`).
    legacy : mapping of str to callable, optional
        ``{comment prefix: message(raw line)}`` for an old format written in comments (e.g.
        ``"#crush"``): such a line is an error whose message says how to convert it.
    """

    key: str
    headings: tuple[str, ...]
    read: Callable[[tuple[Section, ...], "Scenario", Reader], Any]
    write: Callable[[Any, "Scenario"], Iterable[str]]
    check: Callable[[Any, "Scenario"], None] | None = None
    describe: Callable[[Any, "Scenario"], Iterable[tuple[Hex | None, str]]] | None = None
    inline: bool = False
    legacy: Mapping[str, Callable[[str], str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        bad = ScenarioError
        if not isinstance(self.key, str) or not self.key.isidentifier():
            raise bad(f"section topic key {self.key!r} is not a word", source="register_section")
        headings = (self.headings,) if isinstance(self.headings, str) else tuple(self.headings)
        if not headings or not all(isinstance(h, str) and re.fullmatch(r"[a-z_]+", h) for h in headings):
            raise bad(f"topic {self.key!r}: headings {self.headings!r} are not lower-case words", source="register_section")
        object.__setattr__(self, "headings", headings)
        for what in ("read", "write", "check", "describe"):
            fn = getattr(self, what)
            if not callable(fn) and not (fn is None and what in ("check", "describe")):
                raise bad(f"topic {self.key!r}: {what}={fn!r} is not callable", source="register_section")
        object.__setattr__(self, "legacy", MappingProxyType(dict(self.legacy)))


_REGISTRY: dict[str, SectionReader] = {}


def register_section(reader: SectionReader) -> SectionReader:
    """Register a topic's section reader (a topic module calls this at import); returns it.

    Registering the same key again replaces the earlier reader (a reloaded module).

    Raises
    ------
    ScenarioError
        If ``reader`` is not a :class:`SectionReader`, or one of its headings is a core section
        or another topic's.

    Examples
    --------
    >>> def read(sections, scenario, reader):
    ...     return tuple(line.tokens[0].text for s in sections for line in s.lines)
    >>> def write(data, scenario):
    ...     return ["notes:", *("    " + word for word in data)]
    >>> _ = register_section(SectionReader("notes", ("notes",), read, write))
    >>> sc = parse_scenario("map:\\n  0 0\\nnotes:\\n  look  # the first\\n  again\\n")
    >>> sc.sections["notes"]
    ('look', 'again')
    >>> parse_scenario(sc.to_text()) == sc
    True
    >>> unregister_section("notes")
    """
    if not isinstance(reader, SectionReader):
        raise ScenarioError(f"{reader!r} is not a SectionReader", source="register_section")
    for h in reader.headings:
        if h in CORE_SECTIONS:
            raise ScenarioError(f"topic {reader.key!r}: {h!r} is a core section", source="register_section")
        for other in _REGISTRY.values():
            if other.key != reader.key and h in other.headings:
                raise ScenarioError(f"topic {reader.key!r}: heading {h!r} already belongs to topic {other.key!r}",
                                    source="register_section")
    _REGISTRY[reader.key] = reader
    return reader


def unregister_section(key: str) -> None:
    """Forget topic ``key`` (tests that register a toy section clean up with this).

    Raises
    ------
    ScenarioError
        If no topic of that key is registered.
    """
    if key not in _REGISTRY:
        raise ScenarioError(f"no section topic {key!r} (registered: {', '.join(_REGISTRY) or 'none'})",
                            source="unregister_section")
    del _REGISTRY[key]


def section_readers() -> dict[str, SectionReader]:
    """``{key: SectionReader}`` of every registered topic, in registration order (a copy)."""
    return dict(_REGISTRY)


def known_sections() -> tuple[str, ...]:
    """Every heading :func:`parse_scenario` reads: the core ones, then each topic's.

    >>> known_sections()[:7]
    ('name', 'title', 'orientation', 'terrain', 'map', 'units', 'garrisons')
    >>> "pieces" in known_sections()
    True
    """
    return CORE_SECTIONS + tuple(h for r in _REGISTRY.values() for h in r.headings)


# --- the scenario -------------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Scenario:
    """A board, the units on it, a name and title, and the topics' section data.

    Parameters
    ----------
    board : Board
    state : State
        The units and Garrisons (each on an enterable hex of ``board``).
    name : str
        A short name (one line).
    title : str
        A human title (one line), the heading explorers show; optional.
    sections : mapping of str to data
        ``{topic key: data}`` of the registered topics (:func:`register_section`), e.g.
        ``{"crush": CrushData(...)}``; compared by ``==`` and written by :meth:`to_text`.

    Raises
    ------
    BoardError, StateError
        If ``board`` is not a Board, or a unit is not on an enterable hex of it (T1).
    ScenarioError
        If the name or title is not one line of text, or a section key is not a registered
        topic.
    HexrulesError
        If a topic's ``check`` refuses its data.

    Examples
    --------
    >>> sc = Scenario.from_text('''
    ... map:
    ...   0 0 1
    ... units:
    ...   Gundam side=federation at=A1
    ... ''')
    >>> sc.state.unit("Gundam").hex == sc.board.hex("A1")
    True
    >>> Scenario.from_text(sc.to_text()) == sc
    True
    >>> sc
    Scenario.from_text('''\\
    map:
        0 0 1
    units:
        Gundam  side=federation  at=A1  advance=3  dash=2
    ''')
    """

    board: Board
    state: State = field(default_factory=State)
    name: str = ""
    title: str = ""
    sections: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise BoardError(f"board {self.board!r} is not a hexrules.board.Board")
        self.board.check_state(self.state)
        for what in ("name", "title"):
            value = getattr(self, what)
            if not isinstance(value, str) or "\n" in value or "\r" in value:
                raise ScenarioError(f"scenario {what} {value!r} is not one line of text", source="Scenario")
            object.__setattr__(self, what, value.strip())
        if not isinstance(self.sections, Mapping):
            raise ScenarioError(f"sections {self.sections!r} are not a mapping {{topic key: data}}", source="Scenario")
        for key in self.sections:
            if key not in _REGISTRY:
                raise ScenarioError(f"section topic {key!r} is not registered (registered: {', '.join(_REGISTRY) or 'none'})",
                                    source="Scenario")
        object.__setattr__(self, "sections", MappingProxyType(dict(self.sections)))
        for key, data in self.sections.items():
            check = _REGISTRY[key].check
            if check is not None:
                check(data, self)

    @property
    def heading(self) -> str:
        """What explorers show as its heading: the title, else the name (``""`` if neither)."""
        return self.title or self.name

    def replace(self, **changes: Any) -> "Scenario":
        """A copy with some fields changed (checked like a new scenario)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Scenario":
        """Parse scenario text; see :func:`parse_scenario`."""
        return parse_scenario(text, source=source)

    def to_text(self) -> str:
        """Scenario text that :meth:`from_text` reads back to an equal scenario.

        Raises
        ------
        BoardError
            If the board has hexes with negative offset coordinates (they have no label).
        """
        b = self.board
        out = []
        if self.name:
            out.append(f"name: {self.name}")
        if self.title:
            out.append(f"title: {self.title}")
        if b.orientation is FLAT:
            out.append("orientation: flat")
        for t in b.terrain_table.values():
            if DEFAULT_TERRAIN.get(t.name) != t:
                out.append(f"terrain: {t.name} symbol={t.symbol} cost={t.cost}" + ("" if t.passable else " impassable"))
        out.append("map:")
        out.extend("    " + row for row in map_text(b).splitlines())
        for garrison, units in itertools.groupby(self.state, key=lambda u: u.garrison):
            out.append("garrisons:" if garrison else "units:")
            out.extend("    " + _unit_text(b, u) for u in units)
        for key, reader in _REGISTRY.items():
            if key in self.sections:
                lines = list(reader.write(self.sections[key], self))
                out.extend(lines or [f"{reader.headings[0]}:"])  # an empty section still reads back present
        return "\n".join(out) + "\n"

    # --- faces ----------------------------------------------------------------------------------

    def __repr__(self) -> str:
        try:
            return source_repr("Scenario.from_text", self.to_text())
        except BoardError:  # hexes with negative offset coordinates have no text form
            extra = (f", title={self.title!r}" if self.title else "") + (f", sections={dict(self.sections)!r}" if self.sections else "")
            return f"Scenario({self.board!r}, {self.state!r}, {self.name!r}{extra})"

    def __str__(self) -> str:
        return picture(self)

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from . import plot

        return plot.to_png(self.board, self.state)


def source_repr(call: str, text: str) -> str:
    """``call('''text''')``: a repr that pastes back into a cell, readable line by line.

    >>> print(source_repr("Scenario.from_text", "map:\\n    0 1\\n"))
    Scenario.from_text('''\\
    map:
        0 1
    ''')
    """
    if "'''" in text or "\\" in text or not text.endswith("\n") or not all(c == "\n" or c.isprintable() for c in text):
        return f"{call}({text!r})"
    return f"{call}('''\\\n{text}''')"


# --- text out -----------------------------------------------------------------------------------------


def _cell_text(board: Board, h: Hex) -> str:
    t = board.terrains[h]
    return f"{board.elevations[h]}{'' if t.name == 'open' else t.symbol}"


def _offset_cells(board: Board) -> dict[tuple[int, int], Hex]:
    offs = {to_offset(h, board.offset): h for h in board}
    if offs and (min(c for c, _ in offs) < 0 or min(r for _, r in offs) < 0):
        raise BoardError("board has hexes with negative offset coordinates; it has no text form")
    return offs


def map_text(board: Board) -> str:
    """The ``map:`` rows of ``board`` (elevation and terrain symbol per cell, ``-`` for no hex).

    Raises
    ------
    BoardError
        If the board has hexes with negative offset coordinates (they have no label).
    """
    offs = _offset_cells(board)
    if not offs:
        return ""
    width = max(len(_cell_text(board, h)) for h in offs.values()) + 1
    lines = []
    for r in range(max(r for _, r in offs) + 1):
        cells = [offs.get((c, r)) for c in range(max(c for c, _ in offs) + 1)]
        row = "".join((_cell_text(board, h) if h else "-").ljust(width) for h in cells).rstrip()
        indent = " " if (board.offset == "odd-r" and r % 2) else ""
        lines.append(indent + row)
    return "\n".join(lines)


def _unit_fields(u: Unit) -> list[tuple[str, Any]]:
    """The fields of ``u`` that its text writes (defaults left out), for :func:`_unit_text` and :func:`_unit_words`."""
    fields: list[tuple[str, Any]] = []
    if not u.garrison:
        fields += [("advance", u.advance), ("dash", u.dash)] + ([("speed", u.speed)] if u.speed else [])
    if u.hp is not None:
        fields.append(("hp", u.hp))
    if u.damage:
        fields.append(("damage", u.damage))
    return fields + ([("ignore_engagement", "yes")] if u.ignore_engagement else [])


#: How :func:`picture` names a unit field.
_FIELD_WORDS = {"advance": "Advance", "dash": "Dash", "speed": "Speed", "hp": "HP", "damage": "damage"}


def _unit_text(board: Board, u: Unit) -> str:
    parts = [quote(u.name), f"side={quote(u.side)}", f"at={board.label(u.hex)}"]
    return "  ".join(parts + [f"{k}={v}" for k, v in _unit_fields(u)])


def _unit_words(u: Unit) -> str:
    words = ["Garrison"] if u.garrison else []
    for k, v in _unit_fields(u):
        words.append("ignores Engagement (E5)" if k == "ignore_engagement" else f"{_FIELD_WORDS[k]} {v}")
    return f"{u.name} ({u.side}): {', '.join(words)}"


def picture(scenario: Scenario) -> str:
    """``str(scenario)``: its heading, the map with column letters and row numbers, every hex
    with something on it in brackets, then one line per thing (label first) and the topics' notes.

    A board with hexes at negative offset coordinates (no labels) shows ``str(board)`` instead
    of the map, and names hexes by axial coordinates.
    """
    b = scenario.board
    entries: list[tuple[Hex | None, str]] = [(u.hex, _unit_words(u)) for u in scenario.state]
    for key, reader in _REGISTRY.items():
        if key in scenario.sections and reader.describe is not None:
            entries.extend(reader.describe(scenario.sections[key], scenario))
    marked = {h for h, _ in entries if h is not None}
    out = [scenario.heading] if scenario.heading else []
    try:
        offs = _offset_cells(b)
    except BoardError:
        out.append(str(b))
        offs = {}
    if offs:
        ncols, nrows = max(c for c, _ in offs) + 1, max(r for _, r in offs) + 1
        cw = max(len(_cell_text(b, h)) for h in offs.values()) + 2
        pitch = cw + 1
        shift = pitch // 2 if b.offset == "odd-r" else 0
        lw = len(str(nrows))
        letters = [to_label(from_offset(c, 0, b.offset), b.offset).rstrip("0123456789") for c in range(ncols)]
        out.append((" " * (lw + 1) + "".join(s.center(cw) + " " for s in letters)).rstrip())
        for r in range(nrows):
            cells = []
            for c in range(ncols):
                h = offs.get((c, r))
                text = "-" if h is None else _cell_text(b, h)
                cells.append((f"[{text}]" if h in marked else f" {text} ").center(cw))
            indent = " " * shift if (shift and r % 2) else ""
            out.append((f"{r + 1:>{lw}} " + indent + " ".join(cells)).rstrip())
    for h, words in entries:
        out.append(f"{b.label(h)}  {words}" if h is not None else words)
    return "\n".join(out)


# --- text in ------------------------------------------------------------------------------------------


def parse_scenario(text: str, *, source: str = "<text>") -> Scenario:
    """Parse scenario text (format: module docstring of :mod:`hexrules.scenario`).

    The core sections are read here; every other known heading goes to the topic that
    registered it (:func:`register_section`), whose data lands in :attr:`Scenario.sections`.

    Parameters
    ----------
    text : str
        The scenario.
    source : str
        Where the text came from (a file name), for error messages.

    Returns
    -------
    Scenario

    Raises
    ------
    ScenarioError
        For malformed text, an unknown section (the message lists the known ones), an unknown
        terrain symbol, a unit off the board, on an impassable hex or on an occupied hex, or a
        topic section's bad value; the message has ``source:line:column`` and the ruling.

    Examples
    --------
    >>> parse_scenario("map:\\n  0 0 lava\\n", source="demo.hex")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: demo.hex:2:7: map cell 'lava' is not an elevation and a terrain symbol (known symbols: '.', '~', 'X') (ruling T1)
    """
    if not isinstance(source, str):
        raise ScenarioError(f"source {source!r} is not a string naming where the text came from")
    rd = Reader(source)
    if not isinstance(text, str):
        raise rd.error(f"scenario text is {type(text).__name__}, not str", 1)
    owners = {h: r for r in _REGISTRY.values() for h in r.headings}
    legacy = [(prefix, message) for r in _REGISTRY.values() for prefix, message in r.legacy.items()]
    name = title = ""
    orientation = POINTY
    terrain = dict(DEFAULT_TERRAIN)
    add: Callable[[Line], None] | None = None
    map_rows: list[Line] = []
    unit_rows: list[tuple[bool, Line]] = []
    topics: dict[str, list[tuple[str, int, int, tuple[Token, ...], list[Line]]]] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        toks = tuple(tokens(raw))
        if not toks:
            stripped = raw.lstrip()
            for prefix, message in legacy:
                if stripped.startswith(prefix) and stripped[len(prefix):len(prefix) + 1] in ("", " ", "\t"):
                    raise rd.error(message(raw), lineno, len(raw) - len(stripped) + 1)
            continue
        head = _HEAD.match(raw)
        if head:
            keyword = head.group(1)
            rest_toks = tuple(Token(c + head.start(2), t) for c, t in tokens(head.group(2)))
            add = None
            if keyword in ("map", "units", "garrisons") or (keyword in owners and not owners[keyword].inline):
                if rest_toks:
                    raise rd.error(f"'{keyword}:' takes its entries on the following lines", lineno, rest_toks[0].column)
            if keyword == "map":
                add = map_rows.append
            elif keyword in ("units", "garrisons"):
                add = (lambda ln, g=keyword == "garrisons": unit_rows.append((g, ln)))
            elif keyword == "name":
                name = head.group(2).strip()
            elif keyword == "title":
                title = head.group(2).strip()
            elif keyword == "orientation":
                rest = head.group(2).split("#", 1)[0].strip()
                if rest not in ("pointy", "flat"):
                    raise rd.error(f"orientation {rest!r} is not 'pointy' or 'flat'", lineno,
                                   rest_toks[0].column if rest_toks else head.end(2) + 1)
                orientation = POINTY if rest == "pointy" else FLAT
            elif keyword == "terrain":
                t = _parse_terrain(rd, lineno, rest_toks, head.start(2) + 1)
                clash = [o.name for o in terrain.values() if o.symbol == t.symbol and o.name != t.name]
                if clash:
                    raise rd.error(f"terrain {t.name!r}: symbol {t.symbol!r} is already {clash[0]!r}'s", lineno,
                                   rest_toks[0].column, ruling="T1")
                terrain[t.name] = t
            elif keyword in owners:
                lines: list[Line] = []
                topics.setdefault(owners[keyword].key, []).append((keyword, lineno, head.start(1) + 1, rest_toks, lines))
                add = lines.append
            else:
                raise rd.error(f"unknown section {keyword!r} (expected {', '.join(known_sections())})", lineno,
                               head.start(1) + 1)
            continue
        if add is None:
            raise rd.error(f"{toks[0].text!r} is outside any section (start one with 'map:', 'units:' or 'garrisons:')",
                           lineno, toks[0].column)
        add(Line(lineno, toks, raw))
    if not map_rows:
        raise rd.error("no 'map:' section with at least one row", max(1, len(text.splitlines())))
    board = _read_map(rd, map_rows, terrain, orientation, name)
    state = _read_units(rd, board, unit_rows)
    scenario = Scenario(board, state, name, title)
    for key, reader in _REGISTRY.items():
        if key not in topics:
            continue
        sections = tuple(Section(h, ln, col, toks, tuple(lines)) for h, ln, col, toks, lines in topics[key])
        first = sections[0]
        try:
            data = reader.read(sections, scenario, rd)
            scenario = scenario.replace(sections={**scenario.sections, key: data})
        except ScenarioError:
            raise
        except HexrulesError as e:  # a value the topic's own classes refused: at the section's heading
            raise rd.error(e.message, first.line, first.column, ruling=e.ruling) from None
    return scenario


def _read_map(rd: Reader, rows: list[Line], terrain: dict[str, TerrainType], orientation: Any, name: str) -> Board:
    by_symbol = {t.symbol: t for t in terrain.values()}
    cells: dict[Hex, tuple[int, str]] = {}
    for row, line in enumerate(rows):
        for colno, (col, tok) in enumerate(line.tokens):
            if tok == "-":
                continue
            m = _CELL.match(tok)
            sym = m.group(2) if m else None
            if not m or (sym and sym not in by_symbol) or (not m.group(1) and not sym):
                known = ", ".join(repr(s) for s in by_symbol)
                raise rd.error(f"map cell {tok!r} is not an elevation and a terrain symbol (known symbols: {known})",
                               line.number, col, ruling="T1")
            elevation = int(m.group(1)) if m.group(1) else 0
            tname = by_symbol[sym].name if sym else "open"
            cells[from_offset(colno, row, orientation.offset)] = (elevation, tname)
    return Board(cells, terrain, orientation, name)


def _read_units(rd: Reader, board: Board, rows: list[tuple[bool, Line]]) -> State:
    units: list[Unit] = []
    taken: dict[Hex, tuple[str, int]] = {}
    named: dict[str, int] = {}
    for garrison, line in rows:
        e = rd.entry(line, "unit", _UNIT_FIELDS)
        if len(e.words) > 1:
            raise e.error(f"unit field {e.words[1].text!r} is not key=value", e.words[1].column)
        if not e.words:
            raise e.error("a unit line starts with its name, e.g. 'Gundam  side=federation  at=C4'")
        name = e.name
        kw: dict[str, Any] = {"name": name, "garrison": garrison, "side": e.text("side")}
        for key in _UNIT_INTS:
            if key in e.fields:
                kw[key] = e.whole(key, ruling="M2")
        kw["ignore_engagement"] = e.flag("ignore_engagement", False, ruling="E5")
        h = e.position(board, what=f"{name!r} position")
        at = e.fields["at"]
        try:
            unit = Unit(hex=h, **kw)
        except HexrulesError as err:
            raise e.error(err.message, ruling=err.ruling) from None
        if not board.terrain(h).passable:
            raise e.error(f"{name!r} is on impassable hex {at.text}", at.column, ruling="T1")
        if h in taken:
            other, other_line = taken[h]
            raise e.error(f"{name!r} is on {at.text}, already held by {other!r} (line {other_line}): one unit per hex",
                          at.column, ruling="M3")
        if name in named:
            raise e.error(f"two units are named {name!r} (the first on line {named[name]})")
        taken[h] = (name, line.number)
        named[name] = line.number
        units.append(unit)
    return State(units)


def _parse_terrain(rd: Reader, lineno: int, toks: tuple[Token, ...], column: int) -> TerrainType:
    if not toks:
        raise rd.error("terrain line needs a name, e.g. 'terrain: mud symbol=m cost=2'", lineno, column)
    (ncol, tname), *fields = toks
    kw: dict = {"name": tname}
    for col, tok in fields:
        key, _, value = tok.partition("=")
        if tok == "impassable":
            kw["passable"] = False
        elif key == "symbol" and value:
            kw["symbol"] = value
        elif key == "cost" and _WHOLE.fullmatch(value) and len(value) <= 18:
            kw["cost"] = int(value)
        else:
            raise rd.error(f"terrain field {tok!r} is not symbol=S, cost=N or impassable", lineno, col, ruling="T1")
    if "symbol" not in kw:
        raise rd.error(f"terrain {tname!r} needs symbol=S", lineno, ncol, ruling="T1")
    try:
        return TerrainType(**kw)
    except BoardError as e:
        raise rd.error(str(e), lineno, ncol) from None


# --- files and the shipped scenarios ------------------------------------------------------------------


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; errors name the file, line and column.

    Raises
    ------
    ScenarioError
        For malformed text (see :func:`parse_scenario`).
    OSError
        If the file cannot be read.
    """
    if not isinstance(path, (str, Path)):
        raise ScenarioError(f"scenario path {path!r} is not a file name")
    path = Path(path)
    return parse_scenario(path.read_text(encoding="utf-8"), source=str(path))


def scenario_names() -> list[str]:
    """Names of the scenarios shipped in :mod:`hexrules.scenarios` (the rulebook's examples)."""
    from importlib.resources import files

    return sorted(p.name[:-4] for p in files("hexrules.scenarios").iterdir() if p.name.endswith(".hex"))


def builtin(name: str, *, parser: Callable[..., Any] | None = None) -> Any:
    """A scenario shipped with the kit, e.g. ``builtin("jumping")``.

    Parameters
    ----------
    name : str
        One of :func:`scenario_names`.
    parser : callable, optional
        ``parser(text, source=...)`` reading the file's text; default :func:`parse_scenario`
        (so the result is a :class:`Scenario`). :func:`hexrules.crush_scenario.load_crush`
        passes :func:`hexrules.crush_scenario.parse_crush_scenario`: one loader for every
        shipped scenario.

    Raises
    ------
    ScenarioError
        If there is no such scenario (the message lists them), or the parser rejects it.
    """
    from importlib.resources import files

    if name not in scenario_names():
        raise ScenarioError(f"no built-in scenario {name!r} (have: {', '.join(scenario_names())})", source="hexrules.scenarios")
    res = files("hexrules.scenarios") / f"{name}.hex"
    return (parser or parse_scenario)(res.read_text(encoding="utf-8"), source=f"hexrules/scenarios/{name}.hex")

