"""A grammar-aware fuzzer of scenario text (issue 11), shared by tests/test_scenario_fuzz.py.

Three sources of text, all driven by a ``random.Random`` (seeded, so every run is the same and
a failure is reproducible; hypothesis passes its own ``Random`` through ``st.randoms()``):

* :func:`random_scenario` builds a valid :class:`~hexrules.scenario.Scenario` in code from the
  grammar's parts: a board with holes, elevations, designer terrains and edited defaults, both
  orientations, offset kinds and label schemes, a name and title, units and Garrisons with awkward names (spaces, quotes,
  colons, ``=``, ``#``, commas, Unicode), and Crush's pieces, squads, vehicles and paths;
* :func:`designer_text` writes such a scenario the many ways a designer may (comments, blank
  lines, tabs, any indentation and spacing, ``\\r\\n`` or ``\\r`` line ends, fields in any
  order, defaults spelled out, quotes where none are needed, partly quoted words, lower-case
  and axial labels, leading zeros, sections split and repeated): a second writer,
  independent of ``to_text``, whose text must read back to exactly that scenario;
* :func:`mutate` damages a text the way editing does, knowing the grammar: lines and tokens
  deleted, duplicated, swapped, replaced or inserted (headings, fields with odd values,
  labels, cells, names), Unicode digits, numbers of 5,000 digits, labels of 3,100 letters,
  odd line breaks, stray quotes and colons, indentation changed.

:func:`check_text` reads one text and sorts the outcome: accepted (then ``to_text`` must
read back equal, and write the same text again; its compact text too, never longer than the text
read), refused with a
:class:`~hexrules.errors.ScenarioError` naming the source and a line (and column) inside the
text, or anything else (a bug). :func:`run` fuzzes a number of texts and returns the counts;
run this file to fuzz longer: ``python tests/scenario_fuzz.py --texts 20000 --seed 7``.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from dataclasses import dataclass, field

import hexrules.crush_scenario  # noqa: F401 - registers Crush's sections
from hexrules.board import DEFAULT_TERRAIN, ORIENTATION_OFFSETS, Board, TerrainType
from hexrules.crush import Model, Squad, TerrainPiece, Vehicle
from hexrules.crush_scenario import CrushData
from hexrules.errors import ScenarioError
from hexrules.hexgrid import FLAT, POINTY, SEPARATORS, LabelScheme, from_offset, to_offset
from hexrules.scenario import Scenario, builtin, known_sections, parse_scenario, scenario_names
from hexrules.state import State, Unit

SOURCE = "fuzz.hex"

# --- names, values and pieces of the grammar ------------------------------------------------------------

# (no tab: a name with one is refused, no picture draws it, hexrules.checks.text_fault; the no-break
# space and the zero-width space are characters a picture draws, quoted or not)
_NAME_CHARS = "abcXYZ019 _-'\"=#:,()é漢²٣\xa0\u200b"
_SYMBOLS = "mRrf*%&^@!?+<>;:,()éΩ"
_TERRAIN_NAMES = ["mud", "ruin", "forest", "rough_ground", "Swamp-2", "lava"]
_SIDES = ["federation", "zeon", "Zeon army", 'the "Reds"', "a:b", "x=y", "#1", "é"]


def random_name(rng: random.Random, taken: set[str]) -> str:
    """A unique non-blank name, often with characters the format reads (quotes, colons, ``=``, ``#``...)."""
    while True:
        if rng.random() < 0.4:
            name = rng.choice(["Gundam", "Zaku", "R1", "Hab block", "Char's Zaku II", "name:x", "units:", "a:b",
                               '"quoted"', 'Amuro "the ace" Ray', "x=y", "#3", "a,b", "-", "(0,0)", "A1", "yes"])
            name += str(rng.randrange(100)) if rng.random() < 0.5 else ""
        else:
            name = "".join(rng.choice(_NAME_CHARS) for _ in range(rng.randint(1, 8)))
        if name.strip() and name not in taken:
            taken.add(name)
            return name


def random_labels(rng: random.Random, offset: str) -> LabelScheme | None:
    """A board's label scheme: mostly the default (None), else letters, numbers (any first and
    separator) or axial (issue 15 part 4)."""
    roll = rng.random()
    if roll < 0.5:
        return None
    if roll < 0.6:
        return LabelScheme("letters", offset)
    if roll < 0.9:
        return LabelScheme("numbers", offset, first=rng.choice([0, 1]), separator=rng.choice(SEPARATORS))
    return LabelScheme("axial", offset)


def random_scenario(rng: random.Random) -> Scenario:
    """A valid scenario built in code (see the module docstring)."""
    table = dict(DEFAULT_TERRAIN)
    if rng.random() < 0.3:
        table["water"] = TerrainType("water", "~", rng.randint(0, 4))
    if rng.random() < 0.15:  # the two default symbols swapped: only the final table must be unambiguous
        table["water"] = TerrainType("water", "X", 1)
        table["impassable"] = TerrainType("impassable", "~", 0, passable=False)
    symbols = {t.symbol for t in table.values()}
    for tname in rng.sample(_TERRAIN_NAMES, rng.randint(0, 3)):
        symbol = rng.choice([s for s in _SYMBOLS if s not in symbols])
        symbols.add(symbol)
        table[tname] = TerrainType(tname, symbol, rng.randint(0, 5), passable=rng.random() < 0.8)
    orientation = rng.choice([POINTY, FLAT])
    offset = rng.choice(ORIENTATION_OFFSETS["flat" if orientation is FLAT else "pointy"])
    labels = random_labels(rng, offset)
    columns, rows = rng.randint(1, 8), rng.randint(1, 6)
    terrains = list(table)
    cells = {}
    for r in range(rows):
        for c in range(columns):
            if rng.random() < 0.1:
                continue  # a hole: '-'
            elevation = rng.choice([0, 0, 0, 1, 2, 3, rng.randint(0, 12)])
            cells[from_offset(c, r, offset)] = (elevation, rng.choice(terrains) if rng.random() < 0.4 else "open")
    board = Board(cells, table, orientation, offset=offset, labels=labels)
    hexes = list(board.hexes)
    standable = [h for h in hexes if board.terrain(h).passable]
    names: set[str] = set()
    units = []
    for h in rng.sample(standable, min(len(standable), rng.randint(0, 5))):
        garrison = rng.random() < 0.3
        kw = {}
        for key, top in (("advance", 9), ("dash", 9), ("speed", 3)):
            if not garrison or rng.random() < 0.3:
                kw[key] = rng.randint(0, top)
        if rng.random() < 0.4:
            kw["hp"] = rng.randint(0, 20)
        if rng.random() < 0.3:
            kw["damage"] = rng.randint(0, 5)
        units.append(Unit(random_name(rng, names), rng.choice(_SIDES), h, garrison=garrison,
                          ignore_engagement=rng.random() < 0.2, **kw))
    name = rng.choice(["", "", "Jumping", "Crush: Grinder", "a # not a comment", "名前", 'say "hi"'])
    title = rng.choice(["", "Char's Zaku II jumps from a hill", "Title: with a colon", "  spaced  "])
    sc = Scenario(board, State(units), name, title)
    if hexes and rng.random() < 0.5:
        sc = sc.replace(sections={"crush": random_crush(rng, board, hexes)})
    return sc


def random_crush(rng: random.Random, board: Board, hexes: list) -> CrushData:
    """Crush's section data on ``board``: pieces, squads with models, vehicles, paths (C1-C4)."""
    names: set[str] = set()
    pieces = [TerrainPiece(random_name(rng, names), rng.sample(hexes, rng.randint(1, min(3, len(hexes)))),
                           rng.randint(0, 6), rng.random() < 0.7, rng.random() < 0.2) for _ in range(rng.randint(0, 2))]
    names = set()
    units, paths = [], {}
    for _ in range(rng.randint(0, 4)):
        side = rng.choice(["", "", "defenders", "blue army", 'the "Reds"'])
        if rng.random() < 0.4:
            v = Vehicle(random_name(rng, names), rng.choice(hexes), rng.randint(1, 12), rng.randint(1, 12), rng.randint(0, 9),
                        side, rng.randint(0, 3), rng.randint(0, 3))
            units.append(v)
            if rng.random() < 0.6:
                path = [v.hex]
                for _ in range(rng.randint(0, 4)):
                    path.append(rng.choice([h for h in path[-1].neighbors() if h in board] or [path[-1]]))
                if all(a.distance(b) == 1 for a, b in zip(path, path[1:])):
                    paths[v.name] = path
        else:
            model_names: set[str] = set()
            models = []
            for _ in range(rng.randint(1, 3)):
                wounds = rng.randint(1, 4)
                models.append(Model(random_name(rng, model_names), rng.choice(hexes), wounds, rng.randint(0, wounds)))
            units.append(Squad(random_name(rng, names), models, rng.randint(1, 12), side))
    return CrushData(tuple(pieces), tuple(units), paths)


# --- a second writer: the ways a designer writes ---------------------------------------------------------


def _quoted(rng: random.Random, name: str) -> str:
    """``name`` as a designer may write it: bare when it can be, else (or at random) in quotes, or partly quoted."""
    plain = name and not re.search(r'[\s"=#\':,]', name)
    if plain and rng.random() < 0.7:
        return name
    if name and rng.random() < 0.25 and not re.search(r'[=#:,"]', name) and not name[0].isspace():
        i = rng.randint(1, len(name))  # bare head, quoted tail: Char"'s Zaku"
        head, tail = name[:i], name[i:]
        if not re.search(r"\s", head) and tail:
            return head + '"' + tail + '"'
    return '"' + name.replace('"', '""') + '"'


def _label(rng: random.Random, board: Board, h, *, axial: bool = True) -> str:
    roll = rng.random()
    if roll < 0.1 and axial:  # not in a comma-separated list, which a comma of "(q,r)" would split
        return f"({h.q},{h.r})"
    label = board.label(h)
    return label.lower() if roll < 0.25 else label


def _number(rng: random.Random, n: int) -> str:
    return ("0" * rng.randint(1, 2) + str(n)) if rng.random() < 0.1 else str(n)


def designer_text(sc: Scenario, rng: random.Random) -> str:
    """``sc`` written in a random designer style; :func:`parse_scenario` must read it back equal to ``sc``."""
    out: list[str] = []
    sep = lambda: rng.choice([" ", "  ", "   ", "\t", " \t "])  # noqa: E731
    indent = lambda: rng.choice(["", " ", "  ", "    ", "\t"])  # noqa: E731

    def comment() -> None:
        if rng.random() < 0.15:
            out.append(indent() + rng.choice(["# a comment", "#", "# units: side=x \"unclosed", "", "   "]))

    def line(words: list[str], lead: str | None = None, *, whole: bool = False) -> None:
        text = (indent() if lead is None else lead) + sep().join(words)
        if not whole and rng.random() < 0.1:  # name: and title: take their whole line, '#' included
            text += sep() + "# trailing \"note\": a=b"
        out.append(text)
        comment()

    b = sc.board
    comment()
    head: list[list[str]] = []
    if sc.name:
        head.append([f"name:{rng.choice([' ', '  ', chr(9)])}{sc.name}"])
    if sc.title:
        head.append([f"title: {sc.title}"])
    geometry = _designer_geometry(b, rng)
    if geometry:
        head.append(geometry)
    terrain_lines = []
    for t in b.terrain_table.values():
        if DEFAULT_TERRAIN.get(t.name) == t and rng.random() < 0.9:
            continue
        fields = [f"symbol={t.symbol}"] + ([f"cost={_number(rng, t.cost)}"] if t.cost or rng.random() < 0.5 else [])
        fields += [] if t.passable else ["impassable"]
        rng.shuffle(fields)
        terrain_lines.append(["terrain:", t.name, *fields])
    rng.shuffle(head)
    for words in head:
        line(words, "", whole=words[0].startswith(("name:", "title:")))
    terrain_after_map = rng.random() < 0.3
    if not terrain_after_map:
        for words in terrain_lines:
            line(words, "")
    out.append("map:" + rng.choice(["", "  # the board"]))
    offs = {to_offset(h, b.offset): h for h in b.graph}
    nrows = max((r for _, r in offs), default=0) + 1
    ncols = max((c for c, _ in offs), default=0) + 1
    for r in range(nrows):
        cells = []
        for c in range(ncols):
            h = offs.get((c, r))
            if h is None:
                cells.append("-")
                continue
            elevation, tname = b.elevations[h], b.graph.nodes[h]["terrain"]
            symbol = "" if tname == "open" and rng.random() < 0.8 else b.terrain_table[tname].symbol
            digits = "" if symbol and elevation == 0 and rng.random() < 0.5 else _number(rng, elevation)
            cells.append(digits + symbol)
        line(cells, rng.choice([" ", "  ", "    ", "\t"]) + (" " if r % 2 and rng.random() < 0.5 else ""))
    if terrain_after_map:
        for words in terrain_lines:
            line(words, "")
    heading = ""
    for u in sc.state:
        want = "garrisons:" if u.garrison else "units:"
        if want != heading or rng.random() < 0.2:  # a new section when the kind changes, and now and then
            out.append(want)
            heading = want
        fields = [f"side={_quoted(rng, u.side)}", f"at={_label(rng, b, u.hex)}"]
        for key in ("advance", "dash", "speed", "hp", "damage"):
            value = getattr(u, key)
            default = {"advance": 3, "dash": 2, "speed": 0, "hp": None, "damage": 0}[key]
            if value != default or (value is not None and rng.random() < 0.2):
                fields.append(f"{key}={_number(rng, value)}")
        if u.ignore_engagement or rng.random() < 0.2:
            fields.append(f"ignore_engagement={rng.choice(['yes', 'true', '1']) if u.ignore_engagement else rng.choice(['no', 'false', '0'])}")
        rng.shuffle(fields)
        line([_quoted(rng, u.name), *fields], rng.choice([" ", "    ", "\t"]))
    if "crush" in sc.sections:
        _designer_crush(sc.sections["crush"], b, rng, out, line)
    text = rng.choice(["\n", "\n", "\n", "\r\n", "\r"]).join(out)
    return text + rng.choice(["\n", "", "\n\n"]) if text else text


def _designer_geometry(b: Board, rng: random.Random) -> list[str]:
    """The ``orientation:`` line's words as a designer writes them: defaults left out or spelled out,
    fields in any order; none at all when every part is the default (now and then written anyway)."""
    which = "flat" if b.orientation is FLAT else "pointy"
    labels = b.labels
    fields = []
    if b.offset != ORIENTATION_OFFSETS[which][0] or rng.random() < 0.2:
        fields.append(f"offset={b.offset}")
    if labels.kind != "letters" or rng.random() < 0.2:
        fields.append(f"labels={labels.kind}")
    if labels.kind == "numbers":
        if labels.first != 1 or rng.random() < 0.3:
            fields.append(f"first={_number(rng, labels.first)}")
        if labels.separator or rng.random() < 0.2:
            fields.append(f"separator={labels.separator or chr(34) * 2}")  # none written as separator=""
    if which == "pointy" and not fields and rng.random() < 0.8:
        return []
    rng.shuffle(fields)
    return ["orientation:", which, *fields]


def _designer_crush(data: CrushData, b: Board, rng: random.Random, out: list[str], line) -> None:
    if data.pieces or not (data.units or data.paths) or rng.random() < 0.3:  # an empty section still says "crush"
        out.append("pieces:")
    for p in data.pieces:
        fields = [f"cover={_number(rng, p.cover)}", "hexes=" + ",".join(_label(rng, b, h, axial=False) for h in p.hexes)]
        if not p.collapsible or rng.random() < 0.2:
            fields.append(f"collapsible={'yes' if p.collapsible else 'no'}")
        if p.collapsed or rng.random() < 0.2:
            fields.append(f"collapsed={'yes' if p.collapsed else 'no'}")
        rng.shuffle(fields)
        line([_quoted(rng, p.name), *fields], "    ")
    paths = list(data.paths.items())

    def write_paths() -> None:
        if paths:
            out.append("paths:")
        for name, path in paths:
            line([_quoted(rng, name), *(_label(rng, b, h) for h in path)], "  ")

    paths_first = rng.random() < 0.3
    if paths_first:  # the reader reads paths once every vehicle is known
        write_paths()
    heading = ""
    squad_indent, model_indent = rng.choice([("    ", "        "), ("  ", "   "), ("\t", "\t\t"), (" ", " \t")])
    for u in data.units:
        want = "vehicles:" if u.is_vehicle else "squads:"
        if want != heading or rng.random() < 0.2:
            out.append(want)
            heading = want
        side = [f"side={_quoted(rng, u.side)}"] if u.side or rng.random() < 0.1 else []
        if u.is_vehicle:
            fields = [*side, f"at={_label(rng, b, u.hex)}", f"shield={u.shield}", f"resolve={u.resolve}", f"hp={u.hp}"]
            fields += [f"{k}={getattr(u, k)}" for k in ("minor", "major") if getattr(u, k) or rng.random() < 0.2]
            rng.shuffle(fields)
            line([_quoted(rng, u.name), *fields], squad_indent)
            continue
        fields = [*side, f"resolve={_number(rng, u.resolve)}"]
        rng.shuffle(fields)
        line([_quoted(rng, u.name), *fields], squad_indent)
        for m in u.models:
            fields = [f"at={_label(rng, b, m.hex)}"]
            fields += [f"wounds={m.wounds}"] if m.wounds != 1 or rng.random() < 0.5 else []
            fields += [f"damage={m.damage}"] if m.damage or rng.random() < 0.2 else []
            rng.shuffle(fields)
            line([_quoted(rng, m.name), *fields], model_indent)
    if not paths_first:
        write_paths()


# --- mutations -------------------------------------------------------------------------------------------

HUGE = "1" * 5000
_ODD_BREAKS = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
_CHARS = ['"', '""', ":", "=", "#", ",", "-", "(", ")", "\t", " ", "\r", "\n", "\r\n", "\ufeff", "\xa0", "²", "٣", "\x00",
          "\ud800", "\x7f", "\uffff", *_ODD_BREAKS]  # (a lone surrogate, DEL, a noncharacter: no picture draws them)
_VALUES = ["0", "1", "3", "12", "13", "-1", "²", "٣", "0٣", HUGE, "1" * 19, "", ",", ",,", "A1", "B2", "A1,,B1", "A1,A1",
           "(0,0)", "(0," + HUGE + ")", "A" * 3100 + "1", "A" + HUGE, "yes", "no", "maybe", '"a b"', '"', '""', "x", "a:b",
           "odd-r", "even-r", "odd-q", "even-q", "odd", "letters", "numbers", "axial", ".", "/", "0101", "01.01", "-0101",
           "(1,0),(2,0)", "0102,0202"]
_KEYS = ["side", "at", "advance", "dash", "speed", "hp", "damage", "ignore_engagement", "symbol", "cost", "cover", "hexes",
         "collapsible", "collapsed", "resolve", "wounds", "shield", "minor", "major", "colour", "offset", "labels",
         "first", "separator", ""]
_WORDS = ["Gundam", '"Char\'s Zaku"', '"a:b"', "name:x", '"name:x"', '"a ""b"""', '"', '""', "'", "#x", "x#", '"#x"',
          "impassable", "A1", "B2", "(0,0)", "a1", "-A1", "Z99", "0", "1~", "~", "X", "0X", "-", "0m", "0R", "m", "٣", "²",
          HUGE, "00", "0.", ".", "flat", "pointy", "Lamp", "offset=even-r", "offset=odd-q", "labels=numbers",
          "labels=axial", "first=0", "separator=.", "0101", "03.04", "(1,-1)"]


def _random_token(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return f"{rng.choice(_KEYS)}={rng.choice(_VALUES)}"
    if roll < 0.55:
        return rng.choice(known_sections() + ("beacons", "Map", "units :")) + ":"
    return rng.choice(_WORDS)


def _random_line(rng: random.Random) -> str:
    lead = rng.choice(["", " ", "    ", "        ", "\t"])
    if rng.random() < 0.3:
        return lead + rng.choice(known_sections()) + ":" + rng.choice(["", " " + _random_token(rng), " flat", " mud symbol=m"])
    return lead + "  ".join(_random_token(rng) for _ in range(rng.randint(1, 5)))


def _tokens_of(line: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\S+", line)]


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to four random edits (see the module docstring)."""
    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        j = rng.randrange(len(lines))
        toks = _tokens_of(lines[i])
        kind = rng.randrange(14)
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(j, lines[i])
        elif kind == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines.insert(i, _random_line(rng))
        elif kind in (4, 5, 6, 7, 8) and toks:
            a, b = rng.choice(toks)
            c, d = rng.choice(toks)
            s = lines[i]
            if kind == 4:
                lines[i] = s[:a] + s[b:]
            elif kind == 5:
                lines[i] = s[:b] + " " + s[a:b] + s[b:]
            elif kind == 6 and (a, b) < (c, d):
                lines[i] = s[:a] + s[c:d] + s[b:c] + s[a:b] + s[d:]
            elif kind == 7:
                lines[i] = s[:a] + _random_token(rng) + s[b:]
            else:
                lines[i] = s[:b] + " " + _random_token(rng) + s[b:]
        elif kind == 9:
            pos = rng.randint(0, len(text))
            text = text[:pos] + rng.choice(_CHARS) + text[pos:]
            continue
        elif kind == 10:
            numbers = list(re.finditer(r"[0-9]+", text))
            if numbers:
                m = rng.choice(numbers)
                text = text[:m.start()] + rng.choice(["²", "٣", HUGE, "1" * 19, "13", "0", "-1"]) + text[m.end():]
                continue
        elif kind == 11:
            lines[i] = rng.choice(["", " ", "    ", "\t", "        "]) + lines[i].lstrip()
        elif kind == 12 and len(lines) > 1:
            k = rng.randrange(len(lines) - 1)
            lines[k] = lines[k] + rng.choice(_ODD_BREAKS + ["\r"]) + lines.pop(k + 1)
        elif kind == 13 and toks:
            a, b = rng.choice(toks)
            s = lines[i]
            lines[i] = rng.choice([s[:a] + '"' + s[a:b] + '"' + s[b:], s[:b] + ":" + s[b:], s[:a] + '"' + s[a:],
                                   s[:b] + '"' + s[b:]])
        text = "\n".join(lines)
    return text


# --- checking ----------------------------------------------------------------------------------------------


@dataclass
class Counts:
    """What a fuzz run found: texts tried, accepted, refused with a family error, and the failures."""

    tried: int = 0
    accepted: int = 0
    family: int = 0
    other: list[tuple[str, str]] = field(default_factory=list)  # (text, what went wrong) for a non-family exception
    round_trip: list[tuple[str, str]] = field(default_factory=list)  # (text, what differs)
    slowest: tuple[float, str] = (0.0, "")

    def __str__(self) -> str:
        return (f"texts tried {self.tried}, accepted {self.accepted}, family errors {self.family}, other exceptions "
                f"{len(self.other)}, round-trip differences {len(self.round_trip)}; slowest text {self.slowest[0] * 1000:.0f} ms")

    def problems(self, limit: int = 3) -> str:
        shown = [f"{why}\n{text!r}" for text, why in (self.other + self.round_trip)[:limit]]
        return "\n\n".join(shown)


def _editor_lines(text: str) -> list[str]:
    lines = re.split(r"\r\n?|\n", text.removeprefix("\ufeff"))
    return lines[:-1] if lines[-1] == "" else lines


def _difference(got: Scenario, want: Scenario) -> str:
    """Which part of two scenarios differs, for a failure message."""
    for part in ("name", "title", "state", "sections"):
        if getattr(got, part) != getattr(want, part):
            return f"{part}: {getattr(got, part)!r} != {getattr(want, part)!r}"
    a, b = got.board, want.board
    if a.terrain_table != b.terrain_table:
        return f"terrain table: {a.terrain_table} != {b.terrain_table}"
    if a.geometry != b.geometry:
        return f"board geometry: {a.geometry} != {b.geometry}"
    return f"board cells or orientation differ: {a.cells()} != {b.cells()}"


def check_text(text: str, counts: Counts, expected: Scenario | None = None) -> Scenario | None:
    """Read ``text`` and count the outcome (module docstring); ``expected``: the scenario it must read as."""
    counts.tried += 1
    start = time.perf_counter()
    try:
        sc = parse_scenario(text, source=SOURCE)
    except ScenarioError as e:
        lines = _editor_lines(text)
        where_ok = e.source == SOURCE and e.line is not None and 1 <= e.line <= max(1, len(lines))
        if where_ok and e.column is not None:
            where_ok = 1 <= e.column <= len(lines[e.line - 1] if lines else "") + 1
        if not where_ok:
            counts.other.append((text, f"ScenarioError at {e.source}:{e.line}:{e.column}, not in the text: {e}"))
        elif expected is not None:
            counts.other.append((text, f"refused a valid designer text: {e}"))
        else:
            counts.family += 1
        return None
    except Exception as e:  # noqa: BLE001 - the point: nothing else escapes
        counts.other.append((text, f"{type(e).__name__}: {str(e)[:300]}"))
        return None
    finally:
        spent = time.perf_counter() - start
        if spent > counts.slowest[0]:
            counts.slowest = (spent, text)
    counts.accepted += 1
    try:
        written = sc.to_text()
        again = parse_scenario(written, source="written.hex")
        if expected is not None and sc != expected:
            counts.round_trip.append((text, f"the designer text read as another scenario: {_difference(sc, expected)}"))
        elif again != sc:
            counts.round_trip.append((text, f"parse(to_text(s)) != s; to_text:\n{written}"))
        elif again.to_text() != written:
            counts.round_trip.append((text, f"to_text(parse(to_text(s))) != to_text(s):\n{written}\n---\n{again.to_text()}"))
        compact = sc.to_text(compact=True)
        if len(compact) > len(text):  # what makes every accepted text's scenario writable within the limits
            counts.round_trip.append((text, f"the compact text is longer than the text read:\n{compact}"))
        elif parse_scenario(compact, source="compact.hex") != sc:
            counts.round_trip.append((text, f"parse(to_text(s, compact=True)) != s:\n{compact}"))
        str(sc), repr(sc)  # the faces never fail
    except Exception as e:  # noqa: BLE001
        counts.round_trip.append((text, f"{type(e).__name__} writing or re-reading: {str(e)[:300]}"))
    return sc


def shipped_texts() -> list[str]:
    """The text of every shipped scenario, as the files have it."""
    from importlib.resources import files

    return [(files("hexrules.scenarios") / f"{name}.hex").read_text(encoding="utf-8") for name in scenario_names()]


def run(texts: int, seed: int) -> Counts:
    """Fuzz ``texts`` texts from ``seed``: a third valid designer texts, the rest mutated ones."""
    rng = random.Random(seed)
    counts = Counts()
    shipped = shipped_texts() + [builtin(name).to_text() for name in scenario_names()]  # as written, and by to_text
    designed: list[str] = []  # the latest valid designer texts, mutated too
    while counts.tried < texts:
        if rng.random() < 0.35:
            sc = random_scenario(rng)
            text = designer_text(sc, rng)
            check_text(text, counts, expected=sc)
            designed = [*designed[-99:], text]
        else:
            pool = designed if designed and rng.random() < 0.5 else shipped
            check_text(mutate(rng.choice(pool), rng), counts)
    return counts


def summary(counts: Counts) -> str:
    """How many failures of each kind (the message without its quoted values)."""
    from collections import Counter

    kinds = Counter(re.sub(r"'[^']*'|\"[^\"]*\"|[0-9]+", "_", why.split("\n")[0])[:120] for _, why in counts.other + counts.round_trip)
    return "\n".join(f"{n:5}  {k}" for k, n in kinds.most_common())


def main() -> None:  # pragma: no cover - a command-line entry for longer runs
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--show", type=int, default=3, help="how many failing texts to print")
    args = parser.parse_args()
    start = time.perf_counter()
    counts = run(args.texts, args.seed)
    print(f"{counts} (seed {args.seed}, {time.perf_counter() - start:.1f} s)")
    if counts.other or counts.round_trip:
        print(summary(counts))
        print(counts.problems(args.show))
        raise SystemExit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
