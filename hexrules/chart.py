"""Chart files: a chart of dice numbers instead of a board, drawn as a diagram file is.

A chart of dice numbers has no board: its file holds a ``title:``, ``caption:`` lines (drawn
under the chart; each line as written, like a diagram's captions: :mod:`hexrules.diagram`) and
one ``chart:`` line instead of a map, e.g. the two Crush charts of ``figures/``::

    title: Crush: expected damage over Cover × Resolve
    chart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4

``covers=`` and ``resolves=`` list the pre-reduction Covers (= Crush dice, 0 to
:data:`MAX_CHART_COVER`, C2) and the Resolves (1 to 12, C3) charted, in increasing order:
runs ``0-6`` and single numbers, comma-separated (``covers=0,2,4-6``); each kind has defaults
(:data:`CHARTS`). The numbers are :mod:`hexrules.dice`'s, exact, computed when the chart is
drawn (:meth:`Chart.computed`): the expected damage is ``Cover * (7 - Resolve) / 6`` (Resolve 7
and over: no die reaches it).

=======================================================  ==============================================
``chart: crush_expected_damage [covers=] [resolves=]``   expected damage against Cover, a line per
                                                         Resolve (default covers=0-6 resolves=2-6)
``chart: crush_heatmap [covers=] [resolves=] [frame=]``  expected damage in every Cover x Resolve cell
                                                         (default covers=0-6 resolves=1-7);
                                                         ``frame=3,4`` frames Cover 3 against Resolve 4
                                                         and names its value under the title
=======================================================  ==============================================

:func:`hexrules.diagram.parse_diagram` (and ``hexrules draw``) reads a text with a ``chart:``
line as a chart (:func:`is_chart_text`); :meth:`Chart.from_text` reads chart text alone. Errors
name the file, line and column (:class:`~hexrules.errors.ScenarioError`).

This module imports only the modules below it (checks, errors, scenario, :mod:`hexrules.picture`;
the dice and the words when a chart is computed); the drawing (:mod:`hexrules.plot.diagram`) is
imported only inside the methods that draw.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .checks import MAX_STAT, MIN_STAT, show
from .errors import ScenarioError
from .picture import Picture, caption_lines, read_caption
from .scenario import MAX_TEXT_LENGTH, Entry, Line, Reader, check_one_line, free_text, split_lines, tokens

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["CHARTS", "MAX_CHART_COVER", "CHART_RESOLVES", "Chart", "ComputedChart", "is_chart_text"]

#: The most pre-reduction Cover (= Crush dice, C2) a chart shows: a row or point per Cover stays
#: readable up to here (the dice themselves go to :data:`~hexrules.checks.MAX_DICE`).
MAX_CHART_COVER = 12
#: The Resolves a chart may show: those of the dice, :data:`~hexrules.checks.MIN_STAT` to
#: :data:`~hexrules.checks.MAX_STAT` (C3).
CHART_RESOLVES = range(MIN_STAT, MAX_STAT + 1)
_CHART_COVERS = range(0, MAX_CHART_COVER + 1)
_BOUNDS = {"covers": (_CHART_COVERS, "Cover", "C2"), "resolves": (CHART_RESOLVES, "Resolve", "C3")}


@dataclass(frozen=True)
class _ChartSpec:
    """One kind of ``chart:``: its default Covers and Resolves, whether it takes ``frame=``, an example."""

    covers: tuple[int, ...]
    resolves: tuple[int, ...]
    frame: bool
    help: str


#: Every kind of ``chart:`` line: its default ``covers=`` and ``resolves=``, whether it takes a
#: ``frame=`` and an example (the module docstring says what each draws).
CHARTS: Mapping[str, _ChartSpec] = MappingProxyType({
    "crush_expected_damage": _ChartSpec(tuple(range(7)), (2, 3, 4, 5, 6), False,
                                        "chart: crush_expected_damage  covers=0-6  resolves=2-6"),
    "crush_heatmap": _ChartSpec(tuple(range(7)), tuple(range(1, 8)), True,
                                "chart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4"),
})

_CHART_HEAD = re.compile(r"^[ \t]*([a-z_]+):(.*)$")
_CHART_LINE = re.compile(r"^[ \t]*chart:", re.MULTILINE)
_NUMBER_RUN = re.compile(r"([0-9]{1,3})(?:-([0-9]{1,3}))?")


def is_chart_text(text: str) -> bool:
    """True if ``text`` is a chart file's (it has a ``chart:`` line), not a board diagram's.

    Raises
    ------
    ScenarioError
        If ``text`` is not a str.

    >>> is_chart_text("title: Crush\\nchart: crush_heatmap\\n"), is_chart_text("map:\\n  0 0\\n")
    (True, False)
    """
    if not isinstance(text, str):
        raise ScenarioError(f"chart text is {type(text).__name__}, not str", line=1)
    return _CHART_LINE.search(text) is not None


def _numbers_problem(key: str, values: Sequence[Any]) -> tuple[int, str] | None:
    """``(index, why)`` of the first value of a ``covers=`` / ``resolves=`` list that a chart
    refuses (not a whole number in bounds, not after the one before), else None."""
    bounds, what, _ = _BOUNDS[key]
    if not values:
        return 0, f"{key}= names no {what}"
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or v not in bounds:
            return i, f"{what} {v!r} is not a whole number from {bounds[0]} to {bounds[-1]}, the {what}s a chart shows"
        if i and v <= values[i - 1]:
            return i, f"{what} {v} does not come after {values[i - 1]}: list the {what}s in increasing order, once each"
    return None


def _read_numbers(e: Entry, key: str) -> tuple[int, ...]:
    """The numbers of ``covers=0-6`` / ``resolves=2,4,6`` (runs ``a-b`` and single numbers, comma-separated,
    increasing), each error at its column (C2, C3)."""
    col, value = e.fields[key]
    ruling = _BOUNDS[key][2]
    out: list[int] = []
    columns: list[int] = []
    start = 0
    for piece in value.split(","):
        m = _NUMBER_RUN.fullmatch(piece)
        if not m:
            raise e.error(f"{key}={value!r}: {piece!r} is not a number or a run such as 0-6", col + start, ruling=ruling)
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        if b < a:
            raise e.error(f"{key}={value!r}: the run {piece!r} goes down; write it {b}-{a}", col + start, ruling=ruling)
        run = range(a, min(b, a + MAX_CHART_COVER + 1) + 1)
        out.extend(run)
        columns.extend([col + start] * len(run))
        problem = _numbers_problem(key, out)
        if problem:
            raise e.error(f"{key}={value!r}: {problem[1]}", columns[problem[0]], ruling=ruling)
        start += len(piece) + 1
    return tuple(out)


def _numbers_text(values: Sequence[int]) -> str:
    """``covers=`` text of increasing numbers: runs as ``a-b``. ``(0, 1, 2, 5)`` -> ``"0-2,5"``."""
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


@dataclass(frozen=True)
class ComputedChart:
    """A chart ready to draw: the dice's exact numbers (what :func:`hexrules.plot.diagram.draw_chart` reads).

    Attributes
    ----------
    kind : str
        A key of :data:`CHARTS`.
    title : str
    subtitle : list of str
        Lines under the title: the framed cell and its value (:func:`hexrules.words.diagram.frame_line`).
    caption : list of str
        The file's caption lines, drawn under the chart.
    covers, resolves : tuple of int
        The pre-reduction Covers (= Crush dice, C2) and the Resolves charted (C3).
    table : list of list of Fraction
        ``table[i][j]``: the expected Crush damage of ``covers[i]`` dice against ``resolves[j]``
        (:func:`hexrules.dice.expected_damage_table`: ``Cover * (7 - Resolve) / 6``, clipped).
    probabilities : list of Fraction
        Each Resolve's chance that one die deals 1 damage (:func:`hexrules.dice.hit_probability`).
    frame : tuple of (int, int, Fraction) or None
        The framed cell (Cover, Resolve, its expected damage), or None.
    """

    kind: str
    title: str
    subtitle: list[str]
    caption: list[str]
    covers: tuple[int, ...]
    resolves: tuple[int, ...]
    table: list[list[Any]]
    probabilities: list[Any]
    frame: tuple[int, int, Any] | None


@dataclass(frozen=True, repr=False)
class Chart(Picture):
    """A chart of dice numbers: what a chart file holds (a ``chart:`` line instead of a map;
    format: this module's docstring). Its numbers are :mod:`hexrules.dice`'s, computed when drawn.

    Parameters
    ----------
    kind : str
        A key of :data:`CHARTS` (``"crush_expected_damage"``, ``"crush_heatmap"``).
    covers, resolves : sequence of int, optional
        Increasing pre-reduction Covers 0 to :data:`MAX_CHART_COVER` (C2) and Resolves 1 to 12
        (C3); default the kind's (:data:`CHARTS`).
    frame : (int, int), optional
        ``(Cover, Resolve)`` of the cell a heatmap frames; one of ``covers`` and of ``resolves``.
    title : str
    caption : sequence of str
        Lines drawn under the chart.
    source : str
        Where it came from (a file name); not compared.

    Raises
    ------
    ScenarioError
        For an unknown kind, a Cover or Resolve out of bounds or out of order, a frame outside
        the chart (or on a chart that has none), a title or caption line that is not one line.

    Examples
    --------
    >>> c = Chart.from_text("title: Crush\\nchart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4\\n")
    >>> c.computed().frame
    (3, 4, Fraction(3, 2))
    >>> print(c.to_text(), end="")
    title: Crush
    chart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,4
    >>> Chart.from_text("chart: crush_heatmap  covers=0-6  resolves=1-7  frame=3,9\\n", source="demo.hex")
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioError: demo.hex:1:57: frame=3,9: Resolve 9 is not charted (resolves=1-7) (ruling C3)
    """

    kind: str
    covers: tuple[int, ...] | None = None
    resolves: tuple[int, ...] | None = None
    frame: tuple[int, int] | None = None
    title: str = ""
    caption: tuple[str, ...] = ()
    source: str = field(default="<chart>", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in CHARTS:
            raise ScenarioError(f"chart kind {show(self.kind)} is not one of {', '.join(CHARTS)}", source="Chart")
        spec = CHARTS[self.kind]
        for key in ("covers", "resolves"):
            value = getattr(self, key)
            value = getattr(spec, key) if value is None else value
            if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
                raise ScenarioError(f"{key}={show(value)} is not a list of whole numbers", source="Chart")
            value = tuple(value)
            problem = _numbers_problem(key, value)
            if problem:
                raise ScenarioError(f"{key}={list(value)!r}: {problem[1]}", source="Chart", ruling=_BOUNDS[key][2])
            object.__setattr__(self, key, value)
        if self.frame is not None:
            problem = self._frame_problem(self.frame)
            if problem:
                raise ScenarioError(f"frame={show(self.frame)}: {problem[1]}", source="Chart", ruling=problem[2])
            object.__setattr__(self, "frame", tuple(self.frame))
        check_one_line(self.title, "chart title")
        object.__setattr__(self, "title", self.title.strip())
        object.__setattr__(self, "caption", caption_lines(self.caption, "Chart"))

    def _frame_problem(self, frame: Any) -> tuple[int, str, str] | None:
        """``(0 Cover / 1 Resolve, why, ruling)`` if ``frame`` is not a cell of this chart, else None."""
        if not CHARTS[self.kind].frame:
            return 0, f"a {self.kind} chart has no frame (only {', '.join(k for k, s in CHARTS.items() if s.frame)})", "C3"
        if isinstance(frame, (str, bytes)) or not isinstance(frame, Sequence) or len(frame) != 2:
            return 0, "is not a Cover and a Resolve, e.g. frame=3,4", "C3"
        for i, (key, v) in enumerate(zip(("covers", "resolves"), frame)):
            values, (_, what, ruling) = getattr(self, key), _BOUNDS[key]
            if isinstance(v, bool) or not isinstance(v, int) or v not in values:
                return i, f"{what} {v!r} is not charted ({key}={_numbers_text(values)})", ruling
        return None

    @classmethod
    def from_text(cls, text: str, *, source: str = "<text>") -> "Chart":
        """Read chart text; see :func:`hexrules.diagram.parse_diagram` (which also reads board diagrams).

        Raises
        ------
        ScenarioError
            At ``source:line:column``, for text that is not a chart file.
        """
        if not isinstance(source, str):
            raise ScenarioError(f"source={show(source)} is not a text naming where the chart comes from")
        if not isinstance(text, str):
            raise ScenarioError(f"chart text is {type(text).__name__}, not str", source=source, line=1)
        return _parse_chart(text, source)

    def to_text(self) -> str:
        """The chart as text; :meth:`from_text` reads it back equal."""
        out = [f"title: {self.title}"] if self.title else []
        out += [f"caption: {line}" if line else "caption:" for line in self.caption]
        fields = [f"covers={_numbers_text(self.covers)}", f"resolves={_numbers_text(self.resolves)}"]
        if self.frame is not None:
            fields.append(f"frame={self.frame[0]},{self.frame[1]}")
        out.append("  ".join([f"chart: {self.kind}", *fields]))
        return "\n".join(out) + "\n"

    def computed(self) -> ComputedChart:
        """The chart's numbers, exact, from :mod:`hexrules.dice` (C2, C3), and its words."""
        from .dice import expected_damage_table, hit_probability
        from .words.diagram import frame_line

        table = expected_damage_table(self.covers, self.resolves)
        frame = None
        subtitle = []
        if self.frame is not None:
            c, r = self.frame
            frame = (c, r, table[self.covers.index(c)][self.resolves.index(r)])
            subtitle.append(frame_line(*frame))
        return ComputedChart(self.kind, self.title, subtitle, list(self.caption), self.covers, self.resolves, table,
                             [hit_probability(r) for r in self.resolves], frame)

    def figure(self, theme: Any = None, *, width: float | None = None, height: float | None = None,
               dpi: float = 100, text: str = "text") -> "Figure":
        """The picture: a matplotlib Figure (not registered with pyplot); the arguments of
        :meth:`Diagram.figure` (a width or height alone keeps the chart's proportions)."""
        from .plot.diagram import draw_chart

        return draw_chart(self.computed(), theme=theme, width=width, height=height, dpi=dpi, text=text)

    def __repr__(self) -> str:
        return f"chart {self.title or self.source!r}: {self.kind}"


def _parse_chart(text: str, source: str) -> Chart:
    """Read a chart file: ``title:``, ``caption:`` lines and one ``chart:`` line (module docstring)."""
    rd = Reader(source)
    if len(text) > MAX_TEXT_LENGTH:
        raise rd.error(f"chart text has {len(text):,} characters; the most it may have is {MAX_TEXT_LENGTH:,}", 1)
    title: tuple[int, str] | None = None
    captions: list[tuple[str, list[str]]] = []  # each caption: heading's text and the lines under it
    chart: Line | None = None
    in_caption = False
    for number, raw in enumerate(split_lines(text, rd), start=1):
        head = _CHART_HEAD.match(raw)
        if head is None:
            if in_caption and raw.strip() and not raw.lstrip().startswith("#"):  # free text, as written
                captions[-1][1].append(free_text(raw, reader=rd, line=number).text)  # type: ignore[union-attr]
                continue
            toks = tokens(raw, reader=rd, line=number)
            if not toks:
                continue
            raise rd.error(f"{toks[0].text!r} is outside any section: a chart file holds 'title:', 'caption:' and "
                           "one 'chart:' line", number, toks[0].column)
        key, column = head.group(1), head.start(1) + 1
        in_caption = False
        if key == "title":
            if title is not None:
                raise rd.error(f"a second 'title:' (the first is on line {title[0]}): a chart has one", number, column)
            text = free_text(head.group(2), reader=rd, line=number, column=head.start(2) + 1)
            title = (number, text.text if text else "")
            continue
        if key == "caption":  # the rest of the line as written, like title:
            text = free_text(head.group(2), reader=rd, line=number, column=head.start(2) + 1)
            captions.append((text.text if text else "", []))
            in_caption = True
            continue
        rest = tokens(head.group(2), reader=rd, line=number, column=head.start(2) + 1)
        if key == "chart":
            if chart is not None:
                raise rd.error(f"a second 'chart:' line (the first is on line {chart.number}): a chart file draws one "
                               "chart", number, column)
            chart = Line(number, tuple(rest), raw)
            if not rest:
                raise rd.error(f"'chart:' needs a kind ({', '.join(CHARTS)}), e.g. "
                               f"'{CHARTS['crush_heatmap'].help}'", number, head.end(2) + 1)
        else:
            raise rd.error(f"'{key}:' does not belong in a chart file, which holds 'title:', 'caption:' and one "
                           "'chart:' line (a board diagram has a 'map:' and no 'chart:')", number, column)
    if chart is None:  # parse_diagram reads a text as a chart only when it has one; Chart.from_text may not
        raise rd.error("a chart file needs one 'chart:' line, e.g. "
                       f"'{CHARTS['crush_heatmap'].help}'", max(1, len(text.splitlines())))
    first = chart.tokens[0]
    spec = CHARTS.get(first.value)
    if spec is None:
        raise rd.error(f"unknown chart {first.value!r} (known: {', '.join(CHARTS)})", chart.number, first.column)
    kind = first.value
    e = rd.entry(Line(chart.number, chart.tokens[1:], chart.text), f"chart {kind}",
                 ("covers", "resolves", "frame") if spec.frame else ("covers", "resolves"))
    e = dataclasses.replace(e, line=Line(chart.number, chart.tokens, chart.text))  # errors without a column: the kind
    if e.words:
        raise e.error(f"'chart: {kind}' has a word too many: {e.words[0].text!r} (e.g. '{spec.help}'; fields are "
                      "key=value)", e.words[0].column)
    values = {key: _read_numbers(e, key) for key in ("covers", "resolves") if key in e.fields}
    c = Chart(kind, values.get("covers"), values.get("resolves"), title=title[1] if title else "",
              caption=tuple(read_caption(captions)), source=source)
    if "frame" not in e.fields:
        return c
    col, value = e.fields["frame"]
    parts = value.split(",")
    if len(parts) != 2 or not all(re.fullmatch(r"[0-9]{1,3}", p) for p in parts):
        raise e.error(f"frame={value!r} is not a Cover and a Resolve, e.g. frame=3,4 (Cover 3 against Resolve 4)", col,
                      ruling="C3")
    frame = (int(parts[0]), int(parts[1]))
    problem = c._frame_problem(frame)
    if problem:
        raise e.error(f"frame={value}: {problem[1]}", col + (len(parts[0]) + 1 if problem[0] else 0), ruling=problem[2])
    return dataclasses.replace(c, frame=frame)
