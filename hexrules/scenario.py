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
  (:attr:`Scenario.heading`). Both take the rest of their line, as written (a ``#`` in it is
  kept, not a comment), and are not indented deeper than the section above them (there they
  would read as an entry, whose name with a colon must be quoted).
* ``orientation: pointy`` (default) or ``flat``: pointy-top hexes in offset rows, or flat-top
  hexes in offset columns. Optional fields name the rest of the map's geometry (each default
  as when the line is left out):

  - ``offset=``: which rows (pointy: ``odd-r``, the default, or ``even-r``) or columns (flat:
    ``odd-q``, the default, or ``even-q``) sit half a hex over: the map rows below are that
    kind's offset rows.
  - ``labels=``: how the board names its hexes (``at=`` and every label of the text, and
    every label the kit shows): ``letters`` (default, column letters and row number ``C4``),
    ``numbers`` (column and row numbers of printed wargame maps, ``0304``) or ``axial``
    (``(q,r)``); see :class:`~hexrules.hexgrid.LabelScheme`. With ``labels=numbers``,
    ``first=`` (``1``, default, or ``0``) is the number of the first column and row and
    ``separator=`` (``.``, ``-`` or ``/``; default none) stands between them (``03.04``).

  E.g. ``orientation: flat  labels=numbers`` is a flat-top map numbered ``0101``, ``0201``,
  ... from the top left. Axial text ``(q,r)`` names a hex in every label scheme.
* ``terrain: NAME symbol=S cost=N [impassable]`` adds a terrain type or edits a default one
  (T1): ``.`` open, ``~`` water (cost 1), ``X`` impassable. Each terrain is defined at most
  once, and no two terrains share a symbol.
* ``map:`` rows are offset rows (``odd-r``: odd rows sit half a hex to the right; indentation
  is only for the eye). A cell is an elevation (the digits ``0-9``, default 0) followed by an
  optional terrain symbol. ``-`` is "no hex here", for boards that are not rectangles: every
  row has the same number of cells, so a cell left out is an error that names the row, never
  a hex silently missing at the row's end.
* ``units:`` and ``garrisons:`` lines: a name then ``key=value`` fields: ``side`` and ``at``
  (a label such as ``C4``, or axial ``(q,r)``) are required; ``advance``, ``dash``, ``speed``,
  ``hp``, ``damage`` (whole numbers) and ``ignore_engagement`` (yes/no) are optional. A
  Garrison keeps the ``advance``, ``dash`` and ``speed`` it is given, though it never moves
  on its own (M5: an ability may move it). ``units:`` and ``garrisons:`` may repeat; units
  keep their file order.

``name:``, ``title:``, ``orientation:`` and ``map:`` come at most once each; a field comes at
most once on its line. Blank lines are ignored.

Words, quotes and comments
--------------------------
A line is words separated by spaces or tabs. A name or value with a space, or with one of
``" = # ' : ,``, goes in double quotes, and a double quote inside the quotes is written
twice: ``"Char's Zaku II"``, ``side="Zeon army"``, ``"Amuro ""the ace"" Ray"`` (the
name ``Amuro "the ace" Ray``). A double quote that is not closed on its line is an error.
A ``#`` that starts a word outside quotes starts a comment, to the end of the line. A line
that starts with a lower-case word and a colon (``units:``, ``name:x``) is a heading, so a name
with a colon must be quoted.
:meth:`Scenario.to_text` writes every name this way, so its text always reads back to the
same scenario; a name with a line break has no text form and is refused when the scenario is
built.

A name, a value or a free text (``title:``, a caption) holds only characters a picture can draw:
a lone surrogate, a control character (a tab inside quotes among them: write a space), U+FEFF
and the noncharacters are refused where they stand, naming the word or text
(:func:`hexrules.checks.text_fault` says how each fails in matplotlib). A comment may hold them.

Lines end with ``\\n``, ``\\r\\n`` or ``\\r``, as JupyterLab's editor, git and Python's
universal newlines end them, so line numbers in errors are the editor's. The characters that
some programs (Python's ``str.splitlines``, word processors) take for line breaks and editors
do not (vertical tab, form feed, U+001C-U+001E, U+0085, U+2028, U+2029) are refused where
they stand: each would silently split a line (a map row into two) or join two, depending on
the program that reads the file. A byte-order mark at the start of the text is ignored.

Limits
------
Text far beyond any real scenario is refused before any work, with the limit in the message
(a 300 x 300 map, a designer's extreme, is well within them): at most
:data:`MAX_TEXT_LENGTH` characters, :data:`MAX_MAP_ROWS` map rows, :data:`MAX_MAP_COLUMNS`
cells a row and :data:`MAX_HEXES` hexes; a number has at most :data:`MAX_DIGITS` digits and a
label at most :data:`~hexrules.hexgrid.MAX_LABEL_LENGTH` characters.

Errors name the file, line and column (:class:`~hexrules.errors.ScenarioError`); every text
the reader refuses gets one (never another exception).

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
* Free text (a diagram's ``caption:``) is read as ``title:`` is, when the reader names its
  heading ``verbatim``: the rest of the heading line and each line under it is one
  :class:`Token`, the text as written, a ``#`` or a double quote in it kept (a line that
  starts with ``#`` is still a comment line).
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
import functools
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from . import checks
from .board import (DEFAULT_TERRAIN, ORIENTATION_OFFSETS, Board, TerrainType, board_geometry, orientation_name,
                    register_text_format)
from .checks import MAX_LABEL_LENGTH, show
from .errors import BoardError, HexrulesError, ScenarioError, ScenarioFileError
from .board import check_board
from .hexgrid import FLAT, LABEL_KINDS, POINTY, SEPARATORS, Hex, LabelScheme, from_offset, to_label, to_offset
from .state import State, Unit

__all__ = [
    "CORE_SECTIONS",
    "MAX_TEXT_LENGTH",
    "MAX_MAP_ROWS",
    "MAX_MAP_COLUMNS",
    "MAX_HEXES",
    "MAX_DIGITS",
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
    "split_lines",
    "tokens",
    "free_text",
    "quote",
    "check_one_line",
    "register_section",
    "unregister_section",
    "section_readers",
    "known_sections",
]

#: The headings :func:`parse_scenario` reads itself, in the order :meth:`Scenario.to_text` writes them.
CORE_SECTIONS = ("name", "title", "orientation", "terrain", "map", "units", "garrisons")

# The limits of scenario text (module docstring, "Limits"): far beyond any real scenario (a
# 300 x 300 map is a designer's extreme), they keep every accepted text's reading in bounded
# time and memory. Text beyond them is refused up front; the message says the limit.

#: The most characters a scenario text has: a 300 x 300 map written with 3-character cells
#: (271,500 characters) and 10,000 units (about 550,000 as ``to_text`` writes them) fit.
MAX_TEXT_LENGTH = 1_000_000
#: The most rows a ``map:`` has.
MAX_MAP_ROWS = 500
#: The most cells (``-`` included) a ``map:`` row has.
MAX_MAP_COLUMNS = 500
#: The most hexes a map has (300 x 300 = 90,000 fit).
MAX_HEXES = 100_000
#: The most digits a number of scenario text has (an elevation, a cost, a unit's or a topic's stat).
MAX_DIGITS = 18

#: Characters that Python's ``str.splitlines`` (and word processors) take for line breaks and
#: editors do not (JupyterLab's CodeMirror breaks lines at ``\\r\\n?|\\n`` only): refused.
_ODD_BREAKS = {
    "\x0b": "a vertical tab (U+000B)", "\x0c": "a form feed (U+000C)", "\x1c": "a file separator (U+001C)",
    "\x1d": "a group separator (U+001D)", "\x1e": "a record separator (U+001E)",
    "\x85": "a next-line character (U+0085)", "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
}
_ODD_BREAK = re.compile("[" + "".join(_ODD_BREAKS) + "]")
_LINE_BREAK = re.compile("[\n\r" + "".join(_ODD_BREAKS) + "]")
_EOL = re.compile(r"\r\n?|\n")
_PIECE = r'[^\s"]++|"(?:[^"]++|"")*+"'  # a bare run, or "a quoted run" with "" for a quote in it
_PIECES = re.compile(_PIECE)
_TOKEN = re.compile(rf"(?:{_PIECE})++")
_SCAN = re.compile(rf'{_TOKEN.pattern}|(")')  # a token, or the quote that starts none
_NEEDS_QUOTES = re.compile(r'[\s"=#\':,]')
_CELL = re.compile(r"([0-9]*+)([^0-9]?)")
_DIGITS = re.compile(r"[0-9]++")
_HEAD = re.compile(r"^\s*([a-z_]+):(.*)$")
_UNIT_INTS = ("advance", "dash", "speed", "hp", "damage")
_UNIT_FIELDS = ("side", "at", *_UNIT_INTS, "ignore_engagement")
_ORIENTATION_FIELDS = ("offset", "labels", "first", "separator")
_BOOL = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


# --- tokens, lines, entries: the helpers every section reader shares ---------------------------------


class Token(NamedTuple):
    """One word of a line and its 1-based column. ``text`` is as written (quotes included)."""

    column: int
    text: str

    @property
    def value(self) -> str:
        """The text without its quotes (``'"Hab block"'`` -> ``'Hab block'``, ``'"a ""b"" c"'`` -> ``'a "b" c'``);
        a text that is not one token (an unclosed quote) as it is."""
        t = self.text
        return _unquoted(t) if '"' in t and _TOKEN.fullmatch(t) else t


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
        For a ``verbatim`` heading: one token, the rest of the line as written (spaces around
        it stripped; empty: no token).
    lines : tuple of Line
        Its entries, in file order (blank and comment lines dropped). Under a ``verbatim``
        heading each line has one token: the line as written, spaces around it stripped.
    """

    heading: str
    line: int
    column: int
    tokens: tuple[Token, ...] = ()
    lines: tuple[Line, ...] = ()


def _reader(reader: object) -> None:
    """Refuse a ``reader=`` that is neither None nor a :class:`Reader`."""
    if reader is not None and not isinstance(reader, Reader):
        raise ScenarioError(f"reader={show(reader)} is not a Reader (e.g. Reader('demo.hex'))", source="<text>")


def split_lines(text: str, reader: "Reader | None" = None) -> list[str]:
    """The lines of scenario text, split where an editor splits them: at ``\\n``, ``\\r\\n``, ``\\r``.

    A byte-order mark at the start is dropped; a last line break ends the last line (it does
    not start an empty one).

    Raises
    ------
    ScenarioError
        At its line and column, for a character that other programs take for a line break
        and editors do not (vertical tab, form feed, U+001C-U+001E, U+0085, U+2028, U+2029;
        module docstring).

    >>> split_lines("map:\\r\\n  0 0\\r  1\\n")
    ['map:', '  0 0', '  1']
    >>> split_lines("map:\\n  0\\u2028 0\\n", Reader("demo.hex"))
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: demo.hex:2:4: a line separator (U+2028) is a line break to some programs and not to others (JupyterLab's editor shows it as a red dot): end lines with a plain line break, separate words with spaces
    """
    if not isinstance(text, str):
        raise ScenarioError(f"scenario text {show(text)} is not a string", source="split_lines")
    _reader(reader)
    lines = _EOL.split(text.removeprefix("\ufeff"))
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        odd = _ODD_BREAK.search(line)
        if odd:
            raise (reader or Reader("<text>")).error(
                f"{_ODD_BREAKS[odd.group()]} is a line break to some programs and not to others (JupyterLab's editor "
                "shows it as a red dot): end lines with a plain line break, separate words with spaces",
                number, odd.start() + 1)
    return lines


def tokens(text: str, *, reader: "Reader | None" = None, line: int = 1, column: int = 1) -> list[Token]:
    """The :class:`Token` s of one line; a ``#`` starting a word outside quotes starts a comment.

    A token is bare text and ``"quoted"`` text without a space between (a quoted part may hold
    spaces, ``#`` and ``=``, and ``""`` for a double quote); :attr:`Token.value` is its text
    without the quotes.

    Parameters
    ----------
    text : str
        One line (no line break).
    reader : Reader, optional
        Names the source in errors (default ``"<text>"``).
    line, column : int
        Where ``text`` starts (1-based), for the tokens' columns and errors.

    Raises
    ------
    ScenarioError
        At its column, for a double quote that is not closed on the line.

    >>> tokens('  "Hab block" cover=3  # a comment')
    [Token(column=3, text='"Hab block"'), Token(column=15, text='cover=3')]
    >>> tokens('"Amuro ""the ace"" Ray" side=federation')[0].value
    'Amuro "the ace" Ray'
    """
    if not isinstance(text, str):
        raise ScenarioError(f"line {show(text)} is not a string", source="tokens")
    _reader(reader)
    line = checks.whole(line, "line", 1, error=ScenarioError)
    column = checks.whole(column, "column", 1, error=ScenarioError)
    out = []
    suspect = checks.text_fault(text) is not None  # rare: a character no picture draws somewhere on the line
    for m in _SCAN.finditer(text):
        tok = m.group()
        if tok[0] == "#":
            break
        if m.group(1):  # a quote no token takes: it is not closed
            raise (reader or Reader("<text>")).error(
                "this double quote is not closed on its line (a name or value with spaces goes in double quotes, and a "
                'double quote inside them is written twice: "Amuro ""the ace"" Ray")', line, column + m.start())
        if suspect:
            _check_drawable(Token(column + m.start(), tok), Token(0, tok).value, reader, line)
        out.append(Token(column + m.start(), tok))
    return out


def _check_drawable(tok: Token, value: str, reader: "Reader | None", line: int) -> None:
    """Refuse a token holding a character no picture draws (:func:`hexrules.checks.text_fault`),
    at that character's column; the message names ``value`` (the token's text as read: a word
    without its quotes) and the character's place in it."""
    fault = checks.text_fault(tok.text)
    if fault is not None:
        where = checks.text_fault(value)
        raise (reader or Reader("<text>")).error(f"{show(value)}: its character {where[0] + 1 if where else 1} is "
                                                 f"{fault[1]}", line, tok.column + fault[0])


def free_text(text: str, *, reader: "Reader | None" = None, line: int = 1, column: int = 1) -> Token | None:
    """Free text (a ``title:``, a diagram's caption line) as written: one :class:`Token` of
    ``text`` without the spaces around it, a ``#`` or a double quote in it kept; None if blank.

    Parameters
    ----------
    text : str
        The text after a heading's colon, or a whole line (no line break).
    reader : Reader, optional
        Names the source in errors (default ``"<text>"``).
    line, column : int
        Where ``text`` starts (1-based), for the token's column and errors.

    Raises
    ------
    ScenarioError
        At its column, for a character no picture draws (:func:`hexrules.checks.text_fault`:
        a lone surrogate, a control character or a tab, U+FEFF, a noncharacter) or a line break.

    >>> free_text("  Zaku #1 moves  ", column=7)
    Token(column=9, text='Zaku #1 moves')
    >>> free_text("Zaku\\x01", reader=Reader("demo.hex"), line=3, column=9)
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: demo.hex:3:13: 'Zaku\\x01': its character 5 is a control character (U+0001), which no picture draws
    """
    if not isinstance(text, str):
        raise ScenarioError(f"text {show(text)} is not a string", source="free_text")
    _reader(reader)
    line = checks.whole(line, "line", 1, error=ScenarioError)
    column = checks.whole(column, "column", 1, error=ScenarioError)
    stripped = text.strip()
    if not stripped:
        return None
    odd = _LINE_BREAK.search(stripped)
    start = column + len(text) - len(text.lstrip())
    if odd:
        raise (reader or Reader("<text>")).error(f"text {show(stripped)} is not one line", line, start + odd.start())
    tok = Token(start, stripped)
    _check_drawable(tok, stripped, reader, line)
    return tok


def _unquoted(text: str) -> str:
    return "".join(p[1:-1].replace('""', '"') if p[0] == '"' else p for p in _PIECES.findall(text))


def _field(text: str) -> tuple[str, str] | None:
    """``(key, value as written)`` of a ``key=value`` token (split at its first ``=`` outside quotes), else None."""
    for m in _PIECES.finditer(text):
        if m.group()[0] != '"':
            eq = m.group().find("=")
            if eq >= 0:
                return text[:m.start() + eq], text[m.start() + eq + 1:]
    return None


def quote(name: str) -> str:
    """``name`` as one token of scenario text: in double quotes (a double quote in it written
    twice) when it is empty or has a space or a character the format reads (``" = # ' : ,``),
    else as it is. :attr:`Token.value` of the result is ``name``.

    Raises
    ------
    ScenarioError
        If ``name`` is not a str or has a line break (it has no text form).

    >>> quote("Hab block"), quote("R1"), quote('Amuro "the ace" Ray')
    ('"Hab block"', 'R1', '"Amuro ""the ace"" Ray"')
    """
    check_one_line(name, "name")
    return name if name and not _NEEDS_QUOTES.search(name) else '"' + name.replace('"', '""') + '"'


def check_one_line(value: Any, what: str) -> None:
    """Refuse a name (or side, title) that scenario text cannot hold: not a str, with a line break,
    or with a character no picture draws (:func:`hexrules.checks.drawable`).

    Line breaks are ``\\n``, ``\\r`` and the characters :func:`split_lines` refuses. Topics'
    ``check`` functions call this for the names they write.

    Raises
    ------
    ScenarioError
        Naming ``what`` and the value.

    >>> check_one_line("Hab block", "piece name")
    >>> check_one_line("Hab\\nblock", "piece name")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: Scenario: piece name 'Hab\\nblock' is not one line of text (scenario text cannot hold a line break in it)
    """
    if not isinstance(value, str) or _LINE_BREAK.search(value):
        raise ScenarioError(f"{what} {show(value)} is not one line of text (scenario text cannot hold a line break in it)",
                            source="Scenario")
    checks.drawable(value, what, error=ScenarioError)


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

    def place(self, line: int, column: int | None = None) -> str:
        """How a message names another place of the text (the first of two clashing lines):
        ``line N``, as the error's own ``source:line:column`` names the file.

        A text put together from two files (a diagram's ``use:``) has a reader whose places name
        their own file where it is not the error's (:func:`hexrules.diagram.expand_use`).

        >>> Reader("demo.hex").place(4, 3)
        'line 4'
        """
        return f"line {line}"

    def entry(self, line: Line, what: str, known: Sequence[str], *, ruling: str | None = None) -> "Entry":
        """Split ``line`` into words and ``key=value`` fields.

        A token with ``=`` outside quotes is a field, split at its first such ``=`` (the value
        may be quoted: ``side="Zeon army"``); every other token is a word (quotes stripped). The
        column of a field is that of its value, so an error points at it.

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
            For ``key=`` without a value (or ``=value`` without a key, or a quoted key), an
            unknown key (the message lists the known ones) or a key given twice.
        """
        words: list[Token] = []
        fields: dict[str, Token] = {}
        for tok in line.tokens:
            split = _field(tok.text)
            if split is None:
                words.append(Token(tok.column, tok.value))
                continue
            key, value = split
            if not key or not value or '"' in key:
                raise self.error(f"{what} field {show(tok.text)} is not key=value", line.number, tok.column, ruling)
            if key not in known:
                raise self.error(f"unknown {what} field {show(key)} (known: {', '.join(known) or 'none'})", line.number,
                                 tok.column, ruling)
            if key in fields:
                name = show(words[0].text) if words else what
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
        """The whole-number value of ``key`` (>= ``minimum``, <= ``maximum``); without it, ``default``.

        Raises
        ------
        ScenarioError
            At the value, if it is not the digits ``0-9`` (at most :data:`MAX_DIGITS`) of a
            number in range.
        """
        if key not in self.fields:
            if default is None:
                raise self.error(f"{self.subject} needs {key}=N", ruling=ruling)
            return default
        col, value = self.fields[key]
        n = _whole(value)
        if isinstance(n, str) or n < minimum or (maximum is not None and n > maximum):
            span = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
            why = f" ({n})" if isinstance(n, str) and n else ""
            raise self.error(f"{key}={show(value)} is not a whole number {span}{why}", col, ruling=ruling)
        return n

    def flag(self, key: str, default: bool, *, ruling: str | None = None) -> bool:
        """The yes/no value of ``key`` (``yes``/``no``, ``true``/``false``, ``1``/``0``)."""
        if key not in self.fields:
            return default
        col, value = self.fields[key]
        if value.lower() not in _BOOL:
            raise self.error(f"{key}={show(value)} is not yes or no", col, ruling=ruling)
        return _BOOL[value.lower()]

    def hex(self, board: Board, token: Token, *, what: str, ruling: str | None = None) -> Hex:
        """The hex of ``board`` that label ``token`` names; an error at its column if none.

        A text longer than :data:`~hexrules.hexgrid.MAX_LABEL_LENGTH` is refused before any
        other work (no label or axial name is that long).
        """
        if len(token.text) > MAX_LABEL_LENGTH:
            raise self.error(f"{what} {show(token.text)} is longer than {MAX_LABEL_LENGTH} characters, the most a label "
                             "has", token.column, ruling=ruling)
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
        """The hexes of a comma-separated label list ``key=C2,D2,D3`` (required), each error at its label.

        A comma inside parentheses belongs to an axial label: ``hexes=(1,0),(2,0)`` (how a board
        labelled ``axial`` writes its lists) names two hexes.

        Raises
        ------
        ScenarioError
            For a label that is not a hex of ``board``, an empty label (``C2,,D2``) or a hex
            named twice.
        """
        if key not in self.fields:
            raise self.error(f"{self.subject} needs {key}=LABEL,LABEL,... (e.g. {key}=C2,D2)", ruling=ruling)
        col, value = self.fields[key]
        if not value.strip(","):
            raise self.error(f"{key}={show(value)} names no hex", col, ruling=ruling)
        out: dict[Hex, str] = {}
        start = 0
        for label in _list_items(value):
            if not label:
                raise self.error(f"{key}={show(value)} has an empty label (between two commas, or at an end)",
                                 col + start, ruling=ruling)
            h = self.hex(board, Token(col + start, label), what=what, ruling=ruling)
            if h in out:
                raise self.error(f"{key}= names hex {show(label)} twice (first as {show(out[h])})", col + start,
                                 ruling=ruling)
            out[h] = label
            start += len(label) + 1
        return tuple(out)


def _list_items(value: str) -> list[str]:
    """The items of a comma-separated list, split at the commas outside parentheses (``(1,0),C3`` is two)."""
    if "(" not in value:
        return value.split(",")
    items, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif ch == "," and not depth:
            items.append(value[start:i])
            start = i + 1
    return [*items, value[start:]]


def _foreign_digits(text: str) -> bool:
    """True if ``text`` has a digit other than ``0-9`` (``'²'``, ``'٣'``: ``str.isdigit`` takes them, the format does not)."""
    return any(c.isdigit() and not "0" <= c <= "9" for c in text)


def _whole(text: str) -> int | str:
    """The number ``text`` writes (the digits ``0-9``, at most :data:`MAX_DIGITS`), else why not (``""``: plainly not)."""
    if not _DIGITS.fullmatch(text):
        return "write it with the digits 0-9" if _foreign_digits(text) else ""
    if len(text) > MAX_DIGITS:
        return f"{len(text):,} digits, more than the {MAX_DIGITS} a number of scenario text may have"
    return int(text)


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
    verbatim : tuple of str, optional
        Headings (of ``headings``) whose lines are free text, read as written like ``title:``:
        the rest of the heading line and each line under it is one :class:`Token`, a ``#`` or a
        double quote in it kept (a diagram's ``caption:``). A line under such a heading that
        starts with ``#`` is still a comment line, and a line that reads as a heading (a
        lower-case word and a colon) still starts a section. Implies ``inline``.
    legacy : mapping of str to callable, optional
        ``{comment prefix: message(raw line)}`` for an old format written in comments (e.g.
        ``"#crush"``): such a line is an error whose message says how to convert it.
    write_compact : callable, optional
        Like ``write``, the shortest lines that read back to equal data (one space between
        words, defaults left out, the least indentation), for ``to_text(compact=True)``; never
        longer than lines a designer could write for that data. Default: ``write``.
    """

    key: str
    headings: tuple[str, ...]
    read: Callable[[tuple[Section, ...], "Scenario", Reader], Any]
    write: Callable[[Any, "Scenario"], Iterable[str]]
    check: Callable[[Any, "Scenario"], None] | None = None
    describe: Callable[[Any, "Scenario"], Iterable[tuple[Hex | None, str]]] | None = None
    inline: bool = False
    legacy: Mapping[str, Callable[[str], str]] = field(default_factory=dict)
    write_compact: Callable[[Any, "Scenario"], Iterable[str]] | None = None
    verbatim: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        bad = ScenarioError
        if not isinstance(self.key, str) or not self.key.isidentifier():
            raise bad(f"section topic key {self.key!r} is not a word", source="register_section")
        headings = (self.headings,) if isinstance(self.headings, str) else tuple(self.headings)
        if not headings or not all(isinstance(h, str) and re.fullmatch(r"[a-z_]+", h) for h in headings):
            raise bad(f"topic {self.key!r}: headings {self.headings!r} are not lower-case words", source="register_section")
        object.__setattr__(self, "headings", headings)
        verbatim = (self.verbatim,) if isinstance(self.verbatim, str) else tuple(self.verbatim)
        if not all(h in headings for h in verbatim):
            raise bad(f"topic {self.key!r}: verbatim headings {self.verbatim!r} are not among its headings {headings!r}",
                      source="register_section")
        object.__setattr__(self, "verbatim", verbatim)
        if verbatim:
            object.__setattr__(self, "inline", True)
        for what in ("read", "write", "check", "describe", "write_compact"):
            fn = getattr(self, what)
            if not callable(fn) and not (fn is None and what in ("check", "describe", "write_compact")):
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
        If the name or title is not one line of text, a unit's name or side has a line break
        (scenario text could not hold it), or a section key is not a registered topic.
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
        check_board(self.board, expected="a hexrules.board.Board")
        self.board.check_state(self.state)
        for what in ("name", "title"):
            value = getattr(self, what)
            check_one_line(value, f"scenario {what}")
            object.__setattr__(self, what, value.strip())
        for u in self.state:  # what scenario text cannot hold
            check_one_line(u.name, f"{u.kind} name")
            check_one_line(u.side, f"{u.kind} {show(u.name)}: side")
        if not isinstance(self.sections, Mapping):
            raise ScenarioError(f"sections {show(self.sections)} are not a mapping {{topic key: data}}", source="Scenario")
        for key in self.sections:
            if key not in _REGISTRY:
                raise ScenarioError(f"section topic {show(key)} is not registered (registered: "
                                    f"{', '.join(_REGISTRY) or 'none'})", source="Scenario")
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
        """A copy with some fields changed (checked like a new scenario).

        Raises
        ------
        ScenarioError
            If a name is not a field of Scenario; and the errors of a new scenario.
        """
        unknown = [show(k) for k in changes if k not in ("board", "state", "name", "title", "sections")]
        if unknown:
            raise ScenarioError(f"a scenario has no field {', '.join(unknown[:5])} (fields: board, state, name, title, "
                                "sections)", source="Scenario")
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Scenario":
        """Parse scenario text; see :func:`parse_scenario`."""
        return parse_scenario(text, source=source)

    def to_text(self, *, compact: bool = False) -> str:
        """Scenario text that :meth:`from_text` reads back to an equal scenario.

        Names are quoted where the format needs it (module docstring); terrain lines come
        in a fixed order (the edited defaults, then the others in table order), so the text
        of the text's scenario is the same text.

        Parameters
        ----------
        compact : bool
            False (default): the readable form, map cells in aligned columns, a unit's
            Advance and Dash always written. True: the shortest form (one space between
            words, no alignment, defaults left out, no last line break), never longer than
            any text that reads as this scenario. The readable form falls back to the compact
            one when it would be longer than :data:`MAX_TEXT_LENGTH`, so the text of every
            scenario read from text reads back.

        Raises
        ------
        BoardError
            If the board has no text form: hexes with negative offset coordinates (a map
            starts at its first column and row), more rows, columns or hexes than the text limits (:data:`MAX_MAP_ROWS`,
            :data:`MAX_MAP_COLUMNS`, :data:`MAX_HEXES`), a terrain table without one of the
            default terrains (text always has them) or with two terrains of one symbol (T1).
        ScenarioError
            If even the compact text would be longer than :data:`MAX_TEXT_LENGTH` (a scenario
            built in code, far beyond any real one).

        Examples
        --------
        >>> sc = Scenario.from_text("map:\\n  0 0 1~\\nunits:\\n  Gundam side=federation at=A1\\n")
        >>> print(sc.to_text(compact=True))
        map:
        0 0 1~
        units:
        Gundam side=federation at=A1
        """
        compact = checks.flag(compact, "compact", error=ScenarioError)
        text = self._text(compact)
        if not compact and len(text) > MAX_TEXT_LENGTH:
            text = self._text(True)
        if len(text) > MAX_TEXT_LENGTH:
            raise ScenarioError(f"this scenario's text would have {len(text):,} characters, more than the "
                                f"{MAX_TEXT_LENGTH:,} scenario text may have", source="Scenario.to_text")
        return text

    def _text(self, compact: bool) -> str:
        b = self.board
        table = b.terrain_table
        missing = [n for n in DEFAULT_TERRAIN if n not in table]
        if missing:
            raise BoardError(f"the terrain table has no {missing[0]!r}: scenario text always has the default terrains "
                             f"({', '.join(DEFAULT_TERRAIN)}), so this board has no text form", ruling="T1")
        symbols: dict[str, str] = {}
        for t in table.values():
            if t.symbol in symbols:
                raise BoardError(f"terrains {symbols[t.symbol]!r} and {t.name!r} share the symbol {t.symbol!r}, so this "
                                 "board has no text form", ruling="T1")
            symbols[t.symbol] = t.name
        space, indent = ("", "") if compact else (" ", "    ")
        out = []
        if self.name:
            out.append(f"name:{space}{self.name}")
        if self.title:
            out.append(f"title:{space}{self.title}")
        geometry = _orientation_line(b, space)
        if geometry:
            out.append(geometry)
        order = [n for n in DEFAULT_TERRAIN] + [n for n in table if n not in DEFAULT_TERRAIN]
        for t in (table[n] for n in order):
            if DEFAULT_TERRAIN.get(t.name) != t:
                words = [f"terrain:{space}{t.name}", f"symbol={t.symbol}"] + ([f"cost={t.cost}"] if t.cost or not compact else [])
                out.append(" ".join(words + ([] if t.passable else ["impassable"])))
        out.append("map:")
        out.extend(indent + row for row in (map_text(b, compact=compact) or "-").split("\n"))  # no hexes: one "-"
        for garrison, units in itertools.groupby(self.state, key=lambda u: u.garrison):
            out.append("garrisons:" if garrison else "units:")
            out.extend(indent + _unit_text(b, u, compact) for u in units)
        for key, reader in _REGISTRY.items():
            if key in self.sections:
                write = reader.write_compact if compact and reader.write_compact else reader.write
                lines = list(write(self.sections[key], self))
                # an empty section still reads back present
                out.extend(lines or [f"{min(reader.headings, key=len) if compact else reader.headings[0]}:"])
        return "\n".join(out) + ("" if compact else "\n")

    # --- faces ----------------------------------------------------------------------------------

    def __repr__(self) -> str:
        try:
            return source_repr("Scenario.from_text", self.to_text())
        except (BoardError, ScenarioError):  # no text form (negative offset coordinates, beyond the limits)
            extra = (f", title={self.title!r}" if self.title else "") + (f", sections={dict(self.sections)!r}" if self.sections else "")
            return f"Scenario({self.board!r}, {self.state!r}, {self.name!r}{extra})"

    def __str__(self) -> str:
        return picture(self)

    def _repr_png_(self) -> bytes:  # pragma: no cover - exercised in notebooks
        from .plot.png import to_png  # a picture face: the one kind of upward import (ARCHITECTURE.md)

        return to_png(self.board, self.state)


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


def _cell_text(board: Board, h: Hex, compact: bool = False) -> str:
    """A map cell: the elevation, then the terrain symbol unless open (compact: no elevation 0 before a symbol)."""
    t, elevation = board.terrains[h], board.elevations[h]  # plain lookups: no graph is built to write text
    symbol = "" if t.name == "open" else t.symbol
    return symbol if compact and symbol and not elevation else f"{elevation}{symbol}"


def _offset_cells(board: Board) -> dict[tuple[int, int], Hex]:
    """``{(column, row): hex}``; a BoardError if the board has no text form (negative offsets, beyond the limits)."""
    offs = {to_offset(h, board.offset): h for h in board}
    if not offs:
        return offs
    if min(c for c, _ in offs) < 0 or min(r for _, r in offs) < 0:
        raise BoardError("board has hexes with negative offset coordinates; it has no text form")
    rows, columns = max(r for _, r in offs) + 1, max(c for c, _ in offs) + 1
    if rows > MAX_MAP_ROWS or columns > MAX_MAP_COLUMNS or len(offs) > MAX_HEXES:
        raise BoardError(f"board spans {rows:,} rows and {columns:,} columns ({len(offs):,} hexes); scenario text holds at "
                         f"most {MAX_MAP_ROWS} rows, {MAX_MAP_COLUMNS} columns and {MAX_HEXES:,} hexes, so it has no "
                         "text form")
    return offs


def _shoved_row(board: Board, row: int) -> bool:
    """True if offset row ``row`` of ``board`` sits half a hex right (odd rows of ``odd-r``, even rows of
    ``even-r``; a flat board's columns are shoved down, which text does not show)."""
    return (board.offset == "odd-r" and row % 2 == 1) or (board.offset == "even-r" and row % 2 == 0)


def _headings(board: Board, columns: int, rows: int) -> tuple[list[str], list[str]]:
    """The column and row headings of :func:`picture`'s map, in the board's label scheme: letters and
    1-based rows (``C``, ``4``), column and row numbers (``03``, ``04``), or none for axial labels
    (an axial coordinate is not constant along an offset column)."""
    labels = board.labels
    if labels.kind == "letters":
        letters = [to_label(from_offset(c, 0, board.offset), board.offset).rstrip("0123456789") for c in range(columns)]
        return letters, [str(r + 1) for r in range(rows)]
    if labels.kind == "numbers":
        return [f"{c + labels.first:02d}" for c in range(columns)], [f"{r + labels.first:02d}" for r in range(rows)]
    return [""] * columns, [""] * rows


def map_text(board: Board, *, compact: bool = False) -> str:
    """The ``map:`` rows of ``board`` (elevation and terrain symbol per cell, ``-`` for no hex), in
    aligned columns, or ``compact`` (one space between cells; see :meth:`Scenario.to_text`).

    Raises
    ------
    BoardError
        If the board has hexes with negative offset coordinates (a map's rows start at its first
        column and row), or more
        rows, columns or hexes than scenario text holds (:data:`MAX_MAP_ROWS`,
        :data:`MAX_MAP_COLUMNS`, :data:`MAX_HEXES`).
    """
    offs = _offset_cells(board)
    if not offs:
        return ""
    width = 0 if compact else max(len(_cell_text(board, h)) for h in offs.values()) + 1
    columns = range(max(c for c, _ in offs) + 1)
    lines = []
    for r in range(max(r for _, r in offs) + 1):
        cells = [offs.get((c, r)) for c in columns]
        if compact:
            lines.append(" ".join(_cell_text(board, h, True) if h else "-" for h in cells))
            continue
        row = "".join((_cell_text(board, h) if h else "-").ljust(width) for h in cells).rstrip()
        lines.append((" " if _shoved_row(board, r) else "") + row)
    return "\n".join(lines)


#: A unit's defaults (:class:`~hexrules.state.Unit`), which its text leaves out.
_UNIT_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Unit)}


def _unit_fields(u: Unit, compact: bool = False) -> list[tuple[str, Any]]:
    """The fields of ``u`` that its text writes, for :func:`_unit_text` and :func:`_unit_words`: a unit's
    ``advance`` and ``dash`` always (unless ``compact``), every other field (a Garrison's ``advance`` and
    ``dash`` too) unless it is the default."""
    fields = [(k, getattr(u, k)) for k in _UNIT_INTS if getattr(u, k) != _UNIT_DEFAULTS[k]
              or (k in ("advance", "dash") and not u.garrison and not compact)]
    return fields + ([("ignore_engagement", "1" if compact else "yes")] if u.ignore_engagement else [])


#: How :func:`picture` names a unit field.
_FIELD_WORDS = {"advance": "Advance", "dash": "Dash", "speed": "Speed", "hp": "HP", "damage": "damage"}


def _unit_text(board: Board, u: Unit, compact: bool = False) -> str:
    parts = [quote(u.name), f"side={quote(u.side)}", f"at={board.label(u.hex)}"]
    return (" " if compact else "  ").join(parts + [f"{k}={v}" for k, v in _unit_fields(u, compact)])


def _unit_words(u: Unit) -> str:
    words = ["Garrison"] if u.garrison else []
    for k, v in _unit_fields(u):
        words.append("ignores Engagement (E5)" if k == "ignore_engagement" else f"{_FIELD_WORDS[k]} {v}")
    return f"{u.name} ({u.side}): {', '.join(words)}"


def picture(scenario: Scenario) -> str:
    """``str(scenario)``: its heading, the map with column letters and row numbers, every hex
    with something on it in brackets, then one line per thing (label first) and the topics' notes.

    A board with hexes at negative offset coordinates (no map rows) shows ``str(board)`` instead
    of the map; hexes are named by their labels (``"-A1"`` left of ``A1``).
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
        shift = pitch // 2
        letters, numbers = _headings(b, ncols, nrows)
        lw = max(len(n) for n in numbers)
        out.append((" " * (lw + 1) + "".join(s.center(cw) + " " for s in letters)).rstrip())
        for r in range(nrows):
            cells = []
            for c in range(ncols):
                h = offs.get((c, r))
                text = "-" if h is None else _cell_text(b, h)
                cells.append((f"[{text}]" if h in marked else f" {text} ").center(cw))
            indent = " " * shift if _shoved_row(b, r) else ""
            out.append((f"{numbers[r]:>{lw}} " + indent + " ".join(cells)).rstrip())
    for h, words in entries:
        out.append(f"{b.label(h)}  {words}" if h is not None else words)
    return "\n".join(out)


# --- text in ------------------------------------------------------------------------------------------


def parse_scenario(text: str, *, source: "str | Reader" = "<text>") -> Scenario:
    """Parse scenario text (format: module docstring of :mod:`hexrules.scenario`).

    The core sections are read here; every other known heading goes to the topic that
    registered it (:func:`register_section`), whose data lands in :attr:`Scenario.sections`.

    Parameters
    ----------
    text : str
        The scenario.
    source : str or Reader
        Where the text came from (a file name), for error messages; or the :class:`Reader` that
        makes them (a diagram's ``use:`` passes one whose messages name the used file's lines by
        their own file, :meth:`Reader.place`).

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
    hexrules.errors.ScenarioError: demo.hex:2:7: map cell 'lava' is not an elevation, a terrain symbol or both, as in 2~ (symbols: '.' open ground, '~' water, 'X' impassable) (ruling T1)
    """
    if isinstance(source, Reader):
        rd, source = source, source.source
    elif isinstance(source, str):
        rd = Reader(source)
    else:
        raise ScenarioError(f"source {show(source)} is not a string naming where the text came from")
    if not isinstance(text, str):
        raise rd.error(f"scenario text is {type(text).__name__}, not str", 1)
    if len(text) > MAX_TEXT_LENGTH:
        raise rd.error(f"scenario text has {len(text):,} characters; the most it may have is {MAX_TEXT_LENGTH:,}", 1)
    owners = {h: r for r in _REGISTRY.values() for h in r.headings}
    legacy = [(prefix, message) for r in _REGISTRY.values() for prefix, message in r.legacy.items()]
    once: dict[str, tuple[int, int]] = {}  # a heading that comes at most once: where it is
    name = title = ""
    geometry: dict[str, Any] = {"orientation": POINTY}
    terrain = dict(DEFAULT_TERRAIN)
    defined: dict[str, tuple[int, int]] = {}  # terrain name -> (line, column) of its 'terrain:' line
    add: Callable[[Line], None] | None = None  # where the current section's entries go
    verbatim = False  # the current section's lines are free text as written (SectionReader.verbatim)
    section_line = section_column = 0  # where the current section's heading is
    map_rows: list[Line] = []
    unit_rows: list[tuple[bool, Line]] = []
    topics: dict[str, list[tuple[str, int, int, tuple[Token, ...], list[Line]]]] = {}
    lines = split_lines(text, rd)
    for lineno, raw in enumerate(lines, start=1):
        head = _HEAD.match(raw)
        keyword = head.group(1) if head else None
        if keyword in ("name", "title") and add is not None and head.start(1) + 1 > section_column:
            # indented under a section, it reads as an entry whose name has a colon: never silently the scenario's name
            above = rd.place(section_line, section_column)
            raise rd.error(f"'{keyword}:' is indented deeper than the section heading above it ({above}), "
                           f"like an entry: '{keyword}:' takes all of its line; an entry's name with a colon goes in "
                           f"double quotes (\"{keyword}:...\")", lineno, head.start(1) + 1)
        if keyword in ("name", "title", "orientation", "map"):
            if keyword in once:
                raise rd.error(f"a second '{keyword}:' (the first is on {rd.place(*once[keyword])}): a scenario has one",
                               lineno, head.start(1) + 1)
            once[keyword] = (lineno, head.start(1) + 1)
        if keyword in ("name", "title"):  # the rest of the line as written: no words, quotes or comments
            add, verbatim = None, False
            text = free_text(head.group(2), reader=rd, line=lineno, column=head.start(2) + 1)
            if keyword == "name":
                name = text.text if text else ""
            else:
                title = text.text if text else ""
            continue
        if head and keyword in owners and keyword in owners[keyword].verbatim:
            # free text: the rest of the line as written, like title:, a '#' or a quote in it kept
            first = free_text(head.group(2), reader=rd, line=lineno, column=head.start(2) + 1)
            section_lines = []
            topics.setdefault(owners[keyword].key, []).append(
                (keyword, lineno, head.start(1) + 1, (first,) if first else (), section_lines))
            add, verbatim = section_lines.append, True
            section_line, section_column = lineno, head.start(1) + 1
            continue
        if verbatim and not head and raw.strip() and not raw.lstrip().startswith("#"):
            add(Line(lineno, (free_text(raw, reader=rd, line=lineno),), raw))  # type: ignore[misc, arg-type]
            continue
        toks = tuple(tokens(raw, reader=rd, line=lineno))
        if not toks:
            stripped = raw.lstrip()
            for prefix, message in legacy:
                if stripped.startswith(prefix) and stripped[len(prefix):len(prefix) + 1] in ("", " ", "\t"):
                    raise rd.error(message(raw), lineno, len(raw) - len(stripped) + 1)
            continue
        if head:
            rest_toks = tuple(tokens(head.group(2), reader=rd, line=lineno, column=head.start(2) + 1))
            add, verbatim = None, False
            section_line, section_column = lineno, head.start(1) + 1
            if keyword in ("map", "units", "garrisons") or (keyword in owners and not owners[keyword].inline):
                if rest_toks:
                    raise rd.error(f"'{keyword}:' takes its entries on the following lines", lineno, rest_toks[0].column)
            if keyword == "map":
                add = functools.partial(_add_map_row, rd, map_rows)
            elif keyword in ("units", "garrisons"):
                add = functools.partial(_add_unit_row, unit_rows, keyword == "garrisons")
            elif keyword == "orientation":
                geometry = _parse_orientation(rd, Line(lineno, rest_toks, raw), head.end(2) + 1)
            elif keyword == "terrain":
                t = _parse_terrain(rd, Line(lineno, rest_toks, raw), head.start(2) + 1)
                if t.name in defined:
                    raise rd.error(f"terrain {t.name!r} is defined twice (the first on {rd.place(*defined[t.name])})",
                                   lineno, rest_toks[0].column, ruling="T1")
                defined[t.name] = (lineno, rest_toks[0].column)
                terrain[t.name] = t
            elif keyword in owners:
                section_lines: list[Line] = []
                topics.setdefault(owners[keyword].key, []).append(
                    (keyword, lineno, head.start(1) + 1, rest_toks, section_lines))
                add = section_lines.append
            else:
                raise rd.error(f"unknown section {show(keyword)} (expected {', '.join(known_sections())})", lineno,
                               head.start(1) + 1)
            continue
        if add is None:
            raise rd.error(f"{show(toks[0].text)} is outside any section (start one with 'map:', 'units:' or "
                           "'garrisons:')", lineno, toks[0].column)
        add(Line(lineno, toks, raw))
    _check_symbols(rd, terrain, defined)
    if not map_rows:
        raise rd.error("no 'map:' section with at least one row", max(1, len(lines)))
    board = _read_map(rd, map_rows, terrain, geometry, name)
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
        except HexrulesError as e:
            if isinstance(e, ScenarioError) and e.line is not None:  # the reader's own, at its line
                raise
            # a value the topic's own classes (or its check) refused: at the section's heading
            raise rd.error(e.message, first.line, first.column, ruling=e.ruling) from None
    return scenario


def _check_symbols(rd: Reader, terrain: dict[str, TerrainType], defined: dict[str, tuple[int, int]]) -> None:
    """No two terrains of the final table share a symbol (T1); else an error at the later ``terrain:`` line.

    Checked once every ``terrain:`` line is read, so that two default symbols can be swapped.
    """
    owner = {t.symbol: t.name for t in terrain.values() if t.name not in defined}
    for tname, (lineno, column) in defined.items():
        symbol = terrain[tname].symbol
        if symbol in owner:
            raise rd.error(f"terrain {tname!r}: symbol {symbol!r} is already {owner[symbol]!r}'s", lineno, column,
                           ruling="T1")
        owner[symbol] = tname


def _add_unit_row(rows: list, garrison: bool, line: Any) -> None:
    """Keep a line of a ``units:`` or ``garrisons:`` section, read once the map is known."""
    rows.append((garrison, line))


def _add_map_row(rd: Reader, rows: list[Line], line: Line) -> None:
    """Add a ``map:`` row, refusing one row or cell too many as soon as it is read."""
    if len(rows) == MAX_MAP_ROWS:
        raise rd.error(f"the map has more than {MAX_MAP_ROWS} rows, the most a map has", line.number, line.indent)
    if len(line.tokens) > MAX_MAP_COLUMNS:
        raise rd.error(f"map row {len(rows) + 1} has more than {MAX_MAP_COLUMNS} cells, the most a row has", line.number,
                       line.tokens[MAX_MAP_COLUMNS].column)
    rows.append(line)


def _parse_orientation(rd: Reader, line: Line, end: int) -> dict[str, Any]:
    """The board geometry of an ``orientation:`` line (``Board``'s keywords ``orientation``,
    ``offset``, ``labels``): ``pointy`` or ``flat``, then optional ``offset=``, ``labels=``,
    ``first=`` and ``separator=`` fields (module docstring); each error at its word or value."""
    if not line.tokens:
        raise rd.error("orientation '' is not 'pointy' or 'flat'", line.number, end)
    e = rd.entry(line, "orientation", _ORIENTATION_FIELDS)
    if not e.words or e.words[0].text not in ("pointy", "flat"):
        word = e.words[0] if e.words else line.tokens[0]
        raise e.error(f"orientation {show(word.text)} is not 'pointy' or 'flat'", word.column)
    if len(e.words) > 1:
        raise e.error(f"orientation field {show(e.words[1].text)} is not key=value (known: "
                      f"{', '.join(_ORIENTATION_FIELDS)})", e.words[1].column)
    orientation = POINTY if e.words[0].text == "pointy" else FLAT
    offset = e.fields["offset"] if "offset" in e.fields else None
    try:
        kind, _ = board_geometry(orientation, None if offset is None else offset.text)
    except BoardError as err:
        raise e.error(err.message, offset.column) from None  # type: ignore[union-attr]
    labels = e.fields.get("labels")
    scheme = "letters" if labels is None else labels.text
    if scheme not in LABEL_KINDS:
        raise e.error(f"labels={show(scheme)} is not one of {', '.join(map(repr, LABEL_KINDS))} (column letters and "
                      "row numbers 'C4'; column and row numbers '0304'; axial '(q,r)')", labels.column)  # type: ignore[union-attr]
    extra = {}
    for key in ("first", "separator"):
        if key in e.fields and scheme != "numbers":
            raise e.error(f"{key}= belongs to labels=numbers (these labels are {scheme!r})", e.fields[key].column)
    if "first" in e.fields:
        extra["first"] = e.whole("first", minimum=0, maximum=1)
    if "separator" in e.fields:
        sep = e.fields["separator"]
        if sep.text not in SEPARATORS:
            raise e.error(f"separator={show(sep.text)} is not one of {', '.join(map(repr, SEPARATORS[1:]))} (or none: "
                          "'0304')", sep.column)
        extra["separator"] = sep.text
    labels_scheme = None if labels is None else LabelScheme(scheme, kind, **extra)
    return {"orientation": orientation, "offset": kind, "labels": labels_scheme}


def _orientation_line(board: Board, space: str) -> str | None:
    """The ``orientation:`` line of ``board`` (:func:`_parse_orientation` reads it), or None when every
    part is the default (a pointy board, ``odd-r``, letters)."""
    which = orientation_name(board.orientation)
    fields = [] if board.offset == ORIENTATION_OFFSETS[which][0] else [f"offset={board.offset}"]
    labels = board.labels
    if labels.kind != "letters":
        fields.append(f"labels={labels.kind}")
    if labels.kind == "numbers":
        fields += ([] if labels.first == 1 else [f"first={labels.first}"]) + ([f"separator={labels.separator}"] if labels.separator else [])
    if which == "pointy" and not fields:
        return None
    return " ".join([f"orientation:{space}{which}", *fields])


def _read_map(rd: Reader, rows: list[Line], terrain: dict[str, TerrainType], geometry: dict[str, Any], name: str) -> Board:
    """The board of the ``map:`` rows (read by :func:`_add_map_row`), each of the first row's width."""
    by_symbol = {t.symbol: t for t in terrain.values()}
    offset = geometry.get("offset") or geometry["orientation"].offset
    cells: dict[Hex, tuple[int, str]] = {}
    width = len(rows[0].tokens)
    for row, line in enumerate(rows):
        if len(line.tokens) != width:
            short = len(line.tokens) < width
            column = line.tokens[-1].column + len(line.tokens[-1].text) if short else line.tokens[width].column
            first = rd.place(rows[0].number, rows[0].indent)
            raise rd.error(f"map row {row + 1} has {len(line.tokens)} cells and row 1 ({first}) has "
                           f"{width}: every row has the same number of cells ('-' for no hex)", line.number, column)
        for colno, (col, tok) in enumerate(line.tokens):
            if tok == "-":
                continue
            m = _CELL.fullmatch(tok)
            sym = m.group(2) if m else None
            if not m or (sym and sym not in by_symbol) or (not m.group(1) and not sym):
                known = ", ".join(f"{s!r} {'open ground' if t.name == 'open' else t.name}" for s, t in by_symbol.items())
                digits = " (elevations are the digits 0-9)" if _foreign_digits(tok) else ""
                raise rd.error(f"map cell {show(tok)} is not an elevation, a terrain symbol or both, as in 2~ "
                               f"(symbols: {known}){digits}", line.number, col, ruling="T1")
            elevation = _whole(m.group(1)) if m.group(1) else 0
            if isinstance(elevation, str):
                raise rd.error(f"map cell {show(tok)}: an elevation of {elevation}", line.number, col, ruling="M1")
            if len(cells) == MAX_HEXES:
                raise rd.error(f"the map has more than {MAX_HEXES:,} hexes, the most a map has", line.number, col)
            cells[from_offset(colno, row, offset)] = (elevation, by_symbol[sym].name if sym else "open")
    return Board(cells, terrain, name=name, **geometry)


def _read_units(rd: Reader, board: Board, rows: list[tuple[bool, Line]]) -> State:
    units: list[Unit] = []
    taken: dict[Hex, tuple[str, tuple[int, int]]] = {}  # a hex held: by whom, and where that unit's line is
    named: dict[str, tuple[int, int]] = {}
    for garrison, line in rows:
        e = rd.entry(line, "unit", _UNIT_FIELDS)
        if len(e.words) > 1:
            raise e.error(f"unit field {show(e.words[1].text)} is not key=value", e.words[1].column)
        if not e.words:
            raise e.error("a unit line starts with its name, e.g. 'Gundam  side=federation  at=C4'")
        name = e.name
        kw: dict[str, Any] = {"name": name, "garrison": garrison, "side": e.text("side")}
        for key in _UNIT_INTS:
            if key in e.fields:
                kw[key] = e.whole(key, ruling="M2")
        kw["ignore_engagement"] = e.flag("ignore_engagement", False, ruling="E5")
        h = e.position(board, what=f"{show(name)} position")
        at = e.fields["at"]
        try:
            unit = Unit(hex=h, **kw)
        except HexrulesError as err:
            raise e.error(err.message, ruling=err.ruling) from None
        if not board.terrain(h).passable:
            raise e.error(f"{show(name)} is on impassable hex {at.text}", at.column, ruling="T1")
        if h in taken:
            other, other_line = taken[h]
            raise e.error(f"{show(name)} is on {at.text}, already held by {show(other)} ({rd.place(*other_line)}): "
                          "one unit per hex", at.column, ruling="M3")
        if name in named:
            raise e.error(f"two units are named {show(name)} (the first on {rd.place(*named[name])})")
        taken[h] = (name, (line.number, line.indent))
        named[name] = (line.number, line.indent)
        units.append(unit)
    return State(units)


def _parse_terrain(rd: Reader, line: Line, column: int) -> TerrainType:
    if not line.tokens:
        raise rd.error("terrain line needs a name, e.g. 'terrain: mud symbol=m cost=2'", line.number, column)
    e = rd.entry(line, "terrain", ("symbol", "cost"), ruling="T1")
    if not e.words:
        raise e.error("terrain line needs a name before its fields, e.g. 'terrain: mud symbol=m cost=2'")
    name, *flags = e.words
    for flag in flags:
        if flag.text != "impassable":
            raise e.error(f"terrain field {show(flag.text)} is not symbol=S, cost=N or impassable", flag.column)
    if len(flags) > 1:
        raise e.error(f"terrain {show(name.text)} says impassable twice", flags[1].column)
    if "symbol" not in e.fields:
        raise e.error(f"terrain {show(name.text)} needs symbol=S", name.column)
    try:
        return TerrainType(name.text, e.text("symbol"), e.whole("cost", 0), passable=not flags)
    except BoardError as err:
        raise e.error(err.message, name.column, ruling=err.ruling) from None


# --- files and the shipped scenarios ------------------------------------------------------------------


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; errors name the file, line and column.

    Raises
    ------
    ScenarioError
        For malformed text (see :func:`parse_scenario`).
    ScenarioFileError
        If the file cannot be read (missing, a directory) or is not UTF-8 text (the message names
        the line and the bad byte): a ScenarioError that is also an :class:`OSError`.
    """
    if not isinstance(path, (str, Path)) or path == "":
        raise ScenarioError(f"scenario path {show(path)} is not a file name")
    where = show(str(path), 80)
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ScenarioFileError(f"cannot read scenario file {where}: {err.strerror or type(err).__name__}",
                                source=str(path)[:200]) from err
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        raise ScenarioFileError(f"byte 0x{data[e.start]:02x} is not UTF-8 text (save the file as UTF-8)",
                                source=str(path)[:200], line=data.count(b"\n", 0, e.start) + 1,
                                column=len(data[line_start:e.start].decode("utf-8", "replace")) + 1) from None
    return parse_scenario(text, source=str(path))


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

    if not isinstance(name, str) or name not in scenario_names():
        raise ScenarioError(f"no built-in scenario {show(name)} (have: {', '.join(scenario_names())})",
                            source="hexrules.scenarios")
    if parser is not None and not callable(parser):
        raise ScenarioError(f"parser={show(parser)} is not a function parser(text, source=...)", source="hexrules.scenarios")
    res = files("hexrules.scenarios") / f"{name}.hex"
    text, source = res.read_text(encoding="utf-8"), f"hexrules/scenarios/{name}.hex"
    if parser is None:
        return parse_scenario(text, source=source)
    try:
        return parser(text, source=source)
    except HexrulesError:
        raise
    except Exception as err:  # noqa: BLE001 - the caller's parser: say that it is the one that failed
        raise ScenarioError(f"parser={show(parser)} failed on {name!r}: {type(err).__name__}: {show(str(err), 80)}",
                            source="hexrules.scenarios") from err


# A board's text faces (Board.from_text, to_text, repr, str) are this format's: registered here,
# since this module builds on hexrules.board (which therefore cannot import it).
register_text_format(parse=parse_scenario, write=lambda board, state: Scenario(board, state, board.name).to_text(),
                     source_repr=source_repr, map_text=map_text)
