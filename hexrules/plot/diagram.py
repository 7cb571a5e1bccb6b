"""Drawing a diagram file (:mod:`hexrules.diagram`): its marks, its engine overlays, a legend and a caption.

:func:`draw_diagram` takes a :class:`~hexrules.diagram.Computed` (the marks as written and the
rules' results, computed by :mod:`hexrules.diagram`) and draws it with the board's layers
(:class:`~hexrules.plot.board.BoardArtists`) and the topic modules (:mod:`.movement`,
:mod:`.forced`), reading the results' attributes, never calling a rule. Colours come from the
theme: a named colour of the file (``colour=blue``) is ``theme.diagram["blue"]``, so one file
prints in colour, in greys (:data:`~hexrules.plot.theme.PRINT_THEME`, where named colours also
get their own dashes) or colour-blind-safe.

:func:`save_figure` writes a figure as SVG, PNG or PDF with the same bytes on every run: fixed
rcParams (:data:`RC`: matplotlib's default style, DejaVu Sans, a fixed SVG hash salt and id),
no date, creator or version in the file, and texts as text (``svg.fonttype = "none"``, editable
in a vector editor) or as glyph outlines (``"path"``).
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any, BinaryIO

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..errors import HexrulesError
from ..checks import show

from ..hexgrid import to_offset
from .board import VEHICLE_MARKER, cost_legend, draw_board, legend_handle
from .crush import draw_expected_damage, draw_heatmap, set_heatmap
from .figure import MAX_FIGURE_WIDTH, new_figure
from .forced import ForcedLayer
from .movement import engagement_legend, move_cost_overlays, path_style, set_engagement
from .theme import Theme, get_theme

#: The largest picture drawn, in inches a side, and the finest resolution (dots per inch): a
#: picture stays within 200 x 200 inches and 2400 dpi (what the command line allows).
MAX_INCHES = 200
MAX_DPI = 2400
#: The coarsest resolution: at 10 dpi a 6-inch picture is 60 pixels wide. Below it FreeType
#: cannot size the legend's 8-point text (less than a pixel a letter), which the legend measures.
MIN_DPI = 10

if TYPE_CHECKING:  # pragma: no cover
    from ..chart import ComputedChart
    from ..diagram import Computed

__all__ = ["RC", "TEXT", "METADATA", "CHART_LAYOUT", "draw_diagram", "diagram_artists", "draw_chart", "save_figure",
           "diagram_colour"]

#: Text modes: ``"text"`` (text objects; an SVG's texts stay editable) or ``"outline"`` (glyphs as paths).
TEXT = ("text", "outline")

#: rcParams of every diagram picture and file, on top of matplotlib's default style.
RC = {
    "svg.hashsalt": "hexrules-figures",
    "svg.id": "hexrules",
    "font.family": ["DejaVu Sans"],
    "path.simplify": False,
    "pdf.fonttype": 42,
}

#: File metadata left out, per format: no date, creator, producer or version (run-dependent).
METADATA = {
    "svg": {"Date": None, "Creator": None, "Format": None, "Type": None},
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}

_SIZES = {"small": 0.3, "normal": 0.42, "large": 0.6}
_AT = {"centre": (0.0, 0.0), "top": (0.0, -0.42), "bottom": (0.0, 0.42)}
_STYLES = {"solid": "-", "dashed": "--", "dotted": ":"}
_MARKERS = {"x": "X", "dot": "o", "star": "*"}
#: Room (inches) at the right of the board for the legend, and per caption line.
LEGEND_ROOM, CAPTION_LINE = 2.4, 0.16
#: A width (inches) set below this puts the legend under the map, in columns: at the right it
#: would take more than 40% of the picture (a new-user trial's ``--width 12cm``: half of it).
LEGEND_UNDER_WIDTH = 6.5


def _rc(text: str) -> dict[str, Any]:
    return {**RC, "svg.fonttype": "none" if text == "text" else "path"}


def _check_picture(text: str, width: Any, height: Any, dpi: Any) -> None:
    """Refuse a text mode not of :data:`TEXT`, or a size (inches) or dpi that is not a positive
    number up to :data:`MAX_INCHES` / :data:`MAX_DPI`, or a dpi below :data:`MIN_DPI`."""
    if not isinstance(text, str) or text not in TEXT:
        raise HexrulesError(f"text={show(text)} is not one of {', '.join(TEXT)}")
    for what, v, hi in (("width", width, MAX_INCHES), ("height", height, MAX_INCHES), ("dpi", dpi, MAX_DPI)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= hi):
            raise HexrulesError(f"{what}={show(v)} is not a positive number up to {hi}")
    if dpi is not None and dpi < MIN_DPI:
        raise HexrulesError(f"dpi={show(dpi)} is below {MIN_DPI} (a 6-inch picture would be {6 * dpi:g} pixels wide)")


def diagram_colour(name: str, theme: Theme) -> str:
    """The colour a diagram's ``colour=NAME`` draws in ``theme`` (a ``#rrggbb`` as written)."""
    return theme.diagram.get(name, name)


def _linestyle(item: Any, theme: Theme, default: str = "-") -> str:
    style = item.get("style")
    if style in _STYLES:
        return _STYLES[style]
    return theme.diagram_linestyles.get(item.get("colour", ""), default)


def _crop_hexes(board: Any, corners: Any) -> list:
    (c0, r0), (c1, r1) = (to_offset(h, board.offset) for h in corners)
    cs, rs = sorted((c0, c1)), sorted((r0, r1))
    return [h for h in board.hexes if cs[0] <= to_offset(h, board.offset)[0] <= cs[1]
            and rs[0] <= to_offset(h, board.offset)[1] <= rs[1]]


def _extent(layout: Any, hexes: Any) -> tuple[float, float, float, float]:
    pts = [layout.hex_to_pixel(h) for h in hexes]
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    return min(xs) - 1.0, max(xs) + 1.0, min(ys) - 1.0, max(ys) + 1.0  # as plot.figure.board_extent


CAPTION_SIZE = 7.5  # points, DejaVu Sans Mono


def _advance(dpi: float) -> float:
    """Inches a caption character takes at ``dpi``, as Agg draws it: DejaVu Sans Mono's 0.602 em,
    which hinting rounds to whole pixels (at 150 dpi 9.4 pixels drawn as 10: a caption wrapped
    on 0.602 em ran past the figure's edge), measured on 100 characters."""
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.font_manager import FontProperties

    width, _h, _d = RendererAgg(1, 1, dpi).get_text_width_height_descent(
        "0" * 100, FontProperties(family="DejaVu Sans Mono", size=CAPTION_SIZE), False)
    return max(width / 100 / dpi, CAPTION_SIZE * 0.602 / 72)


def _wrap(lines: list[str], width_in: float, dpi: float | None = 100) -> list[str]:
    """Caption lines wrapped to the figure's width (:data:`CAPTION_SIZE` DejaVu Sans Mono, each
    character as wide as Agg draws it at ``dpi``: :func:`_advance`; None: matplotlib's default
    style's 100, as the figure's)."""
    chars = max(30, int((width_in - 0.25) / _advance(100 if dpi is None else dpi)))
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, chars, subsequent_indent=indent, break_long_words=False) or [""])
    return out


def _figure_size(extent: tuple[float, float, float, float], legend: bool, caption: list[str], width: float | None,
                 height: float | None, dpi: float | None = 100) -> tuple[float, float, float, list[str]]:
    """``(width, height, legend room at the right, caption lines wrapped)``, sizes in inches; a
    legend under the map (:func:`legend_under`) takes no room at the right, and the height it
    needs is added when it is laid out."""
    x0, x1, y0, y1 = extent
    w, h = x1 - x0, y1 - y0
    room = LEGEND_ROOM if legend and not legend_under(width) else 0.2
    if width is None:
        unit = min(0.8 / math.sqrt(3.0), (MAX_FIGURE_WIDTH - room) / w, 8.0 / h)
        width = round(w * unit + room + 0.3, 2)
    else:
        unit = max(0.01, (width - room - 0.3) / w)
    lines = _wrap(caption, width, dpi)
    if height is None:
        height = round(h * unit + 0.8 + _caption_height(lines), 2)
    return width, height, room, lines


def legend_under(width: float | None) -> bool:
    """True when a diagram of ``width`` inches lays its legend out under the map, in columns
    (a width set below :data:`LEGEND_UNDER_WIDTH`); else at the right of the map."""
    return width is not None and width < LEGEND_UNDER_WIDTH


def _caption_height(lines: list[str]) -> float:
    return CAPTION_LINE * len(lines) + 0.25 if lines else 0.1


def draw_diagram(computed: "Computed", *, theme: Theme | str | None = None, width: float | None = None,
                 height: float | None = None, dpi: float = 100, text: str = "text") -> Figure:
    """The picture of a computed diagram (a bare Agg :class:`~matplotlib.figure.Figure`, not pyplot's).

    Takes the arguments of :func:`diagram_artists`, which also returns the drawn board.
    """
    return diagram_artists(computed, theme=theme, width=width, height=height, dpi=dpi, text=text)[0]


def diagram_artists(computed: "Computed", *, theme: Theme | str | None = None, width: float | None = None,
                    height: float | None = None, dpi: float = 100, text: str = "text") -> tuple[Figure, Any]:
    """The picture of a computed diagram and its :class:`~hexrules.plot.board.BoardArtists`
    (layers named after each item's kind and position: ``"reach0"``, ``"costs1"``, ...).

    Parameters
    ----------
    computed : hexrules.diagram.Computed
        What :meth:`hexrules.diagram.Diagram.computed` returns.
    theme : Theme or str, optional
        The colours (a name of :data:`~hexrules.plot.theme.THEMES`); default the kit-wide theme.
    width, height : float, optional
        Inches; default from the board (hexes at most 0.8 inch across), and as tall as the
        legend needs. A width alone keeps the board's proportions; a height is kept as given,
        even if the legend runs past the figure's bottom. The legend lies at the right of the
        map, or under it in columns for a width below :data:`LEGEND_UNDER_WIDTH` (12 cm).
    dpi : float
        The figure's dots per inch.
    text : {"text", "outline"}
        Texts as text objects or glyph outlines (see :func:`save_figure`).

    Raises
    ------
    HexrulesError
        For an unknown theme or text mode, or a size that is not positive.
    """
    import matplotlib
    import matplotlib.style
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    _check_picture(text, width, height, dpi)
    theme = get_theme(theme)
    board = computed.scenario.board
    shown = _crop_hexes(board, computed.crop) if computed.crop else list(board.hexes)
    extent = _extent(board.layout(1.0), shown)
    caption = list(computed.caption)
    with matplotlib.style.context("default"), matplotlib.rc_context(_rc(text)):
        fw, fh, room, caption = _figure_size(extent, computed.legend, caption, width, height, dpi)
        cap = _caption_height(caption)
        fig = Figure(figsize=(fw, fh), dpi=dpi)
        FigureCanvasAgg(fig)
        fig.subplots_adjust(left=0.02, right=max(0.3, 1 - room / fw), bottom=min(0.6, (cap + 0.1) / fh),
                            top=1 - min(0.3, 0.45 / fh))
        ax = fig.add_subplot()
        art = draw_board(board, None, ax=ax, legend=False, labels=computed.labels, theme=theme,
                         text_mode="outline" if text == "outline" else "text")
        if computed.crop:
            x0, x1, y0, y1 = extent
            ax.set_xlim(x0 - 0.1, x1 + 0.1)
            ax.set_ylim(y1 + 0.1, y0 - 0.1)
            art._fonts()
            art.set_labels(computed.labels)
            art.set_elevation_labels(True)
        handles = _draw_overlays(art, computed, theme)
        art.set_units(computed.state, names=computed.names, vehicles=computed.vehicles)
        if computed.title:
            ax.set_title(computed.title, fontsize=10)
        if caption:
            fig.text(0.02, 0.03, "\n".join(caption), ha="left", va="bottom", fontsize=CAPTION_SIZE, family="DejaVu Sans Mono",
                     linespacing=1.35)
        if computed.legend:  # a height the illustrator chose is kept; else the figure grows to hold the legend
            art.legend(computed.state, handles, grow=height is None, below="board" if legend_under(width) else False)
    return fig, art


def _draw_overlays(art: Any, computed: "Computed", theme: Theme) -> list:
    """Draw every mark and overlay on ``art``; return their legend entries."""
    handles: list = []
    tiles: dict = {}
    forced_count = 0
    for i, ov in enumerate(computed.overlays):
        item, k = ov.item, ov.item.kind
        colour = diagram_colour(item.get("colour", ""), theme) if item.get("colour") else None
        label = item.get("label")
        if k == "hexes":
            c = colour or diagram_colour("pink", theme)
            style = item.get("style", "fill")
            (hexes,) = item.args
            if style == "fill":
                tiles.update({h: c for h in hexes})
                if label:
                    handles.append(legend_handle("fill", label, c, theme=theme, tile=True))
            else:
                ls = "--" if style == "dashed" else "-"
                art.set_highlight(hexes, key=f"hexes{i}", color=c, width=3.0, linestyle=ls)
                if label:
                    handles.append(legend_handle("outline", label, c, linestyle=ls, theme=theme))
        elif k == "text":
            h, words = item.args
            art.set_texts({h: words}, key=f"text{i}", color=colour or theme.text,
                          size=_SIZES[item.get("size", "normal")], offset=_AT[item.get("at", "centre")])
        elif k in ("arrow", "line"):
            (hexes,) = item.args
            c = colour or theme.path
            ls = _linestyle(item, theme)
            art.set_paths([hexes], key=f"{k}{i}", colors=c, width=float(item.get("width", 2.5)),
                          style="-|>" if k == "arrow" else "-", linestyle=ls)
            if label:
                handles.append(legend_handle("arrow" if k == "arrow" else "line", label, c, linestyle=ls, theme=theme))
        elif k == "marker":
            (hexes,) = item.args
            c = colour or theme.marker
            marker = _MARKERS[item.get("shape", "x")]
            art.set_markers(hexes, key=f"marker{i}", marker=marker, color=c)
            if label:
                handles.append(legend_handle("marker", label, c, marker=marker, theme=theme))
        elif k == "reach":
            r = ov.result
            art.set_costs(r.costs, key=f"reach{i}", numbers=item.get("numbers", True), halo=True)
            art.reserve(f"reach{i}", art.text_boxes(f"reach{i}"))  # a path's running totals go beside them
            art.set_highlight(r.pass_only, key=f"pass{i}", color=theme.movement["pass"], width=2, linestyle="--")
            handles += cost_legend(r.costs.values(), theme)
            if r.pass_only:
                handles.append(legend_handle("outline", "pass through only", theme.movement["pass"], linestyle="--",
                                             theme=theme))
        elif k == "cost":
            cost = ov.result
            style = path_style(cost, theme=theme)
            c = colour or style["colors"]
            ls = _STYLES[item.get("style")] if item.get("style") else (
                style["linestyle"] if colour is None or not cost.legal else _linestyle(item, theme))
            over = move_cost_overlays(cost, color=c, theme=theme)
            art.set_paths(over["paths"], key=f"cost{i}", colors=c, width=float(item.get("width", 2.5)), linestyle=ls)
            # every hex entered shows its running total, where no token, label or arrowhead hides it
            art.place_texts(over["texts"], key=f"costs{i}", color=c)
            from ..diagram import path_label

            said = f"{cost.total} MP" if cost.legal else f"{cost.total} of {cost.allowance.total} MP: illegal"
            handles.append(legend_handle("arrow", f"{path_label(item)} ({said})", c, linestyle=ls, theme=theme))
        elif k == "engagement":
            st = computed.state
            set_engagement(art, st, ov.result["engaged"], ov.result["near"], ignoring=False)
            handles += engagement_legend(theme=theme)
        elif k in ("push", "pull"):
            fm, chosen = ov.result, ov.chosen
            colours = {"chosen": theme.forced_multi[forced_count % len(theme.forced_multi)]} if forced_count else None
            branches = item.get("branches", True)
            ForcedLayer(art, key=f"forced{i}_", colours=colours).show(fm, chosen=chosen, fill=False, branches=branches)
            if branches:
                tiles.update({h: theme.forced["ends"] for h in fm.destinations})
            # each entry listed while this Push draws it: "board edge" only for a stub to the edge
            handles += ForcedLayer.legend_handles(chosen=chosen is not None, theme=theme, tile=True, key=f"forced{i}_")
            forced_count += 1
        elif k == "crush":
            handles += _draw_crush(art, ov.result, theme, i, tiles)
    art.set_tiles(tiles, key="diagram", edgecolor=theme.edge)
    return handles  # the legend lists each label once, of what is drawn (BoardArtists.legend)


def _draw_crush(art: Any, facts: dict, theme: Theme, i: int, tiles: dict) -> list:
    """The Crush overlay: the piece, the vehicle's path, who is affected and who only touches (C1, C2)."""
    c = theme.crush
    piece = facts["piece"]
    tiles.update({h: c["collapsed"] if piece.collapsed else c["intact"] for h in piece.hexes})
    if facts["path"]:
        art.set_paths([facts["path"]], key=f"crushpath{i}", colors=c["path"], width=2.5)

    def on_piece(u: Any) -> list:
        return [u.hex] if u.is_vehicle else [m.hex for m in u.models if piece.covers(m.hex)]

    def off_piece(u: Any) -> list:
        return [u.hex] if u.is_vehicle else [m.hex for m in u.models]

    art.set_highlight([h for u in facts["affected"] for h in on_piece(u)], key=f"affected{i}", color=c["affected"],
                      width=2.5, inset=0.8)
    art.set_highlight([h for u in facts["touching"] for h in off_piece(u)], key=f"touching{i}", color=c["touching"],
                      width=2.5, linestyle="--", inset=0.8)
    # in a hex of the piece where it hides no label, token or mark (placed again once the tokens are drawn)
    art.place_text(f"Cover {piece.cover}", piece.hexes, key=f"cover{i}", size=0.24, color=c["cover_text"])
    out = [
        Patch(facecolor=c["intact"], edgecolor=theme.edge, hatch=theme.tile_hatch, label=f"{piece.name} (Cover {piece.cover})"),
        legend_handle("outline", "affected: in, on or under (C2)", c["affected"], width=2.5, theme=theme),
        legend_handle("outline", "touching only: not affected", c["touching"], width=2.5, linestyle="--", theme=theme),
        Line2D([], [], marker="o", linestyle="none", markerfacecolor=c["token_key"], markeredgecolor=theme.token_edge,
               markersize=8, label="model"),
        Line2D([], [], marker=VEHICLE_MARKER, linestyle="none", markerfacecolor=c["token_key"],
               markeredgecolor=theme.vehicle_edge, markersize=9, label="vehicle"),
    ]
    if facts["path"]:
        out.insert(3, legend_handle("arrow", f"{facts['vehicle']}'s path (C1)", c["path"], theme=theme))
    return out


#: Each chart's size (inches) and margins (figure fractions) when no size is given.
CHART_LAYOUT: dict[str, tuple[tuple[float, float], dict[str, float]]] = {
    "crush_expected_damage": ((6.4, 4.2), {"left": 0.11, "right": 0.97, "bottom": 0.13, "top": 0.9}),
    "crush_heatmap": ((6.4, 4.6), {"left": 0.12, "right": 0.95, "bottom": 0.11, "top": 0.87}),
}


def draw_chart(computed: "ComputedChart", *, theme: Theme | str | None = None, width: float | None = None,
               height: float | None = None, dpi: float = 100, text: str = "text") -> Figure:
    """The picture of a chart file (a bare Agg :class:`~matplotlib.figure.Figure`, not pyplot's).

    Draws ``computed``'s numbers (:meth:`hexrules.chart.Chart.computed`, from
    :mod:`hexrules.dice`) with the Crush chart functions of :mod:`hexrules.plot.crush`: the
    expected-damage lines, or the heatmap with its framed cell; the title and its subtitle above,
    the caption under it.

    Parameters
    ----------
    computed : hexrules.chart.ComputedChart
    theme, width, height, dpi, text
        As :func:`diagram_artists`; a width or height alone keeps the proportions of
        :data:`CHART_LAYOUT`.

    Raises
    ------
    HexrulesError
        For an unknown theme, chart kind or text mode, or a size that is not positive.
    """
    import matplotlib
    import matplotlib.style

    _check_picture(text, width, height, dpi)
    if computed.kind not in CHART_LAYOUT:
        raise HexrulesError(f"chart kind {computed.kind!r} is not one of {', '.join(CHART_LAYOUT)}")
    theme = get_theme(theme)
    (w0, h0), margins = CHART_LAYOUT[computed.kind]
    w = width if width is not None else (w0 if height is None else height * w0 / h0)
    h = height if height is not None else w * h0 / w0
    caption = _wrap(list(computed.caption), w, dpi)
    with matplotlib.style.context("default"), matplotlib.rc_context(_rc(text)):
        cap = CAPTION_LINE * len(caption) + 0.25 if caption else 0.0
        fig, (ax,) = new_figure(None, figsize=(w, h + cap), pyplot=False, dpi=dpi)
        covers, resolves = list(computed.covers), list(computed.resolves)
        if computed.kind == "crush_expected_damage":
            draw_expected_damage(ax, computed.table, computed.probabilities, resolves, covers, theme=theme)
        else:
            img, texts, frame = draw_heatmap(ax, covers, resolves, xlabel="Resolve",
                                             ylabel="pre-reduction Cover (= Crush dice)", fontsize=8, theme=theme)
            if computed.frame is None:
                frame.set_visible(False)
            else:
                frame.set_xy((resolves.index(computed.frame[1]) - 0.5, covers.index(computed.frame[0]) - 0.5))
            set_heatmap(img, texts, computed.table, lambda v: f"{v:.2f}".rstrip("0").rstrip("."),
                        vmax=max(1, max(covers)), theme=theme)
            fig.colorbar(img, ax=ax, fraction=0.05, pad=0.02, label="expected damage")
        if computed.title or computed.subtitle:
            ax.set_title("\n".join([computed.title, *computed.subtitle] if computed.title else computed.subtitle),
                         fontsize=10)
        if cap:  # the chart's margins kept in the part above the caption
            margins = {**margins, "bottom": (cap + margins["bottom"] * h) / (h + cap),
                       "top": (cap + margins["top"] * h) / (h + cap)}
        fig.subplots_adjust(**margins)
        if caption:
            fig.text(0.02, 0.03, "\n".join(caption), ha="left", va="bottom", fontsize=CAPTION_SIZE, family="DejaVu Sans Mono",
                     linespacing=1.35)
    return fig


def save_figure(fig: Figure, target: BinaryIO | str, fmt: str, *, dpi: float = 100, text: str = "text") -> None:
    """Write ``fig`` as ``fmt`` (``"svg"``, ``"png"``, ``"pdf"``) to ``target`` (a binary file or a path).

    Equal figures give equal bytes: the rcParams of :data:`RC` (a fixed SVG hash salt and id),
    no date, creator, producer or version (:data:`METADATA`). ``text="text"`` writes an SVG's
    texts as ``<text>`` elements (editable in a vector editor, in the viewer's DejaVu Sans or
    its replacement); ``"outline"`` as glyph outlines (the same look everywhere).

    Raises
    ------
    HexrulesError
        For an unknown format or text mode.
    """
    import matplotlib
    import matplotlib.style

    if fmt not in METADATA:
        raise HexrulesError(f"format {show(fmt)} is not one of {', '.join(METADATA)}")
    if text not in TEXT:
        raise HexrulesError(f"text={show(text)} is not one of {', '.join(TEXT)}")
    with matplotlib.style.context("default"), matplotlib.rc_context(_rc(text)):
        fig.savefig(target, format=fmt, dpi=dpi, metadata=METADATA[fmt])
