"""The matplotlib and ipympl details the drawing relies on beyond their documented API, in one place.

Each function here does one thing the public API does not offer, says why, and names what to
check when matplotlib or ipympl is upgraded (``requirements.lock`` pins matplotlib 3.11 and
ipympl 0.10). Nothing else in :mod:`hexrules.plot` touches a private attribute of a matplotlib
or ipympl object, and the drawing keeps its own per-artist data in its own objects (e.g.
:class:`~hexrules.plot.board.BoardArtists` keeps the ends of each path arrow in a dict keyed by
the arrow), never as extra attributes set on artists.

* :func:`install_legend`: make a :class:`~matplotlib.legend.Legend` subclass the axes' legend,
  as :meth:`Axes.legend <matplotlib.axes.Axes.legend>` does for a plain one (``ax.legend_`` and
  the legend's ``_remove_method``).
* :func:`keep_data_url_valid`: the ipympl 0.10 ``syncing_data_url`` workaround.
* :func:`place_toolbar`: ipympl's figure toolbar in a strip of its own above a map (its CSS puts
  it over the figure), hidden on a chart.
* :func:`mute_toolbar_messages`: no pointer coordinates sent to a footer that is hidden.
* :func:`fast_frames`: the PNG frames an ipympl canvas sends, encoded faster (:func:`png_rgba`:
  unfiltered rows at a fast zlib level).
* :func:`cached_text`: an Agg canvas that draws its texts from a cache of laid-out strings and
  rendered glyphs, and lays texts out from a cache (matplotlib 3.11 lays out and rasterizes
  every text on every draw; ``Text._get_layout`` is replaced on the class, for these renderers
  only).
* :func:`spare_renderer`: an Agg renderer to draw one artist alone on (the board's pasted layers
  and legends), kept and cleared rather than made anew, drawing texts as its figure's does.
* :func:`drawing_disabled`, :func:`render_lock`: what :class:`~hexrules.plot.figure.LayeredFigure`
  needs to know about a draw beyond the documented API (a draw that renders nothing; the lock
  that :meth:`Figure.draw <matplotlib.figure.Figure.draw>` holds on the shared font caches).
"""

from __future__ import annotations

import time
import weakref
from collections import OrderedDict
from typing import Any

__all__ = ["install_legend", "keep_data_url_valid", "place_toolbar", "TOOLBAR_STRIP", "mute_toolbar_messages",
           "fast_frames", "FRAME_PNG_LEVEL", "FRAME_SETTLE_S", "FRAME_HISTORY", "png_rgba", "cached_text", "TEXT_CACHE_LIMIT", "spare_renderer",
           "SPARE_RENDERERS", "drawing_disabled", "render_lock"]


def install_legend(ax: Any, legend: Any) -> Any:
    """Make ``legend`` (a :class:`~matplotlib.legend.Legend`, e.g. a subclass) the legend of ``ax``.

    :meth:`Axes.legend <matplotlib.axes.Axes.legend>` builds a plain ``Legend`` itself, so a
    subclass (the board's static legend) is installed the way it installs its own: stored as
    ``ax.legend_`` (what ``ax.get_legend()`` returns and what the axes draws), with a
    ``_remove_method`` so that ``legend.remove()`` clears ``ax.legend_`` again. matplotlib's own
    ``_remove_method`` is the private ``Axes._remove_legend``; the lambda here does the same.
    Replacing the legend replaces the previous one, as ``ax.legend(...)`` does.

    Returns
    -------
    matplotlib.legend.Legend
        ``legend``.
    """
    ax.legend_ = legend
    legend._remove_method = lambda _legend: setattr(ax, "legend_", None)
    return legend


def keep_data_url_valid(canvas: Any) -> None:
    """Stop an ipympl canvas from syncing an invalid ``_data_url`` to the browser.

    ipympl 0.10.0's ``Canvas.send_binary`` stores each frame drawn before the browser's
    ``initialized`` message in ``_data_url`` as bare base64, without the
    ``data:image/png;base64,`` prefix. A browser canvas model created from that state loads it
    as a relative URL, the image is "broken", and the model's ``drawImage`` calls throw before
    its view is sized: the figure stays a blank 0 x 0 canvas (seen in JupyterLab when the
    browser asked for a frame before ``initialized`` reached the kernel). Turning
    ``syncing_data_url`` off, as ipympl itself does on ``initialized``, leaves ``_data_url``
    null; the browser then shows the first frame it is sent. Other canvases are left alone.

    ``tests/test_ipympl_canvas.py`` fails when ipympl no longer has the bug (then this function
    and its call in :func:`~hexrules.plot.figure.new_figure` can go).
    """
    if getattr(canvas, "syncing_data_url", None) is True:
        canvas.syncing_data_url = False


#: The height of the strip :func:`place_toolbar` keeps above a map for ipympl's toolbar (CSS): a
#: row of its buttons (``--jp-widgets-inline-height``, 28 px, and their 2 px borders; 32 px
#: measured in Chromium) at 3 px from the top, and a gap under it.
TOOLBAR_STRIP = "calc(var(--jp-widgets-inline-height, 28px) + 10px)"


def place_toolbar(canvas: Any, *, pan_zoom: bool) -> None:
    """Keep ipympl's figure toolbar off the figure: above a map in a strip of its own, or hidden.

    ipympl 0.10's toolbar (home, back, forward, pan, zoom, download) fades in over the figure
    while the pointer is on it: its CSS (not ipympl's public API) places it ``position:
    absolute`` at 3 px inside the canvas widget's padding box, on the left by default, where it
    covered a map's first column of hexes (A1, A3, A5) and a chart's y label (a new-user trial).
    No ``toolbar_position`` keeps it off the figure by itself (``top`` and ``bottom`` lay it
    along the figure's top or bottom edge, at its right), so:

    * ``pan_zoom=True`` (a map: zooming into a large board, saving the picture): the toolbar
      goes ``top`` and the canvas widget gets a top padding of :data:`TOOLBAR_STRIP`, so the
      row of buttons lies in that strip, above the figure's top right corner (the widget is as
      wide as its figure, ``fit-content``, so the corner is the figure's); it still fades in
      and out with the pointer;
    * ``pan_zoom=False`` (a chart: every bar, curve and cell already in view, fixed limits):
      the toolbar is hidden (``toolbar_visible=False``).

    Other canvases (Agg) are left alone. ``tests/browser/test_toolbar.py`` measures, in
    Chromium, that the shown toolbar and the figure do not overlap: check it on an ipympl
    upgrade.
    """
    if not hasattr(canvas, "toolbar_position") or not hasattr(canvas, "layout"):
        return
    if not pan_zoom:
        canvas.toolbar_visible = False
        return
    canvas.toolbar_position = "top"
    canvas.layout.width = "fit-content"  # the widget as wide as its figure: the toolbar at the figure's corner
    canvas.layout.flex = "0 0 auto"  # in a row (the editor's map and text), not stretched either
    canvas.layout.padding = f"{TOOLBAR_STRIP} 0 0 0"


def mute_toolbar_messages(canvas: Any) -> None:
    """Stop an ipympl canvas's toolbar from sending messages its hidden footer would show.

    On every pointer move over a figure (ipympl sends one "motion_notify" every 33 ms while the
    pointer moves) matplotlib's toolbar writes the pointer's coordinates as its message
    (``NavigationToolbar2.mouse_move`` calls ``set_message``), which ipympl syncs to the browser
    as the canvas's ``_message``, shown in the figure's footer. An explorer hides the footer
    (``footer_visible=False``), so each of those messages was work for the kernel, the server and
    the browser that showed nothing, and a click waited behind it (issue 14). The toolbar's
    ``set_message`` (matplotlib's documented toolbar method) does nothing on such a canvas; the
    toolbar's modes, cursor and buttons are untouched. Other canvases, and canvases whose footer
    is shown, are left alone.
    """
    toolbar = getattr(canvas, "toolbar", None)
    if toolbar is None or getattr(canvas, "footer_visible", True) or not hasattr(toolbar, "set_message"):
        return
    toolbar.set_message = lambda message: None


#: zlib level of the PNG frames :func:`fast_frames` makes (:func:`png_rgba`): 1 encodes a
#: 970 x 592 diff frame of a 15 x 12 board in about half the time of PIL's default 6, for a
#: frame a little larger, which the local comm carries in well under a millisecond
#: (``benchmarks/bench_latency.py``).
FRAME_PNG_LEVEL = 1


def fast_frames(canvas: Any) -> None:
    """Make the ipympl canvas ``canvas`` encode its frames faster (:func:`png_rgba`, zlib level :data:`FRAME_PNG_LEVEL`).

    An ipympl canvas sends each redrawn figure to the browser as a PNG made by matplotlib's
    ``FigureCanvasWebAggCore.get_diff_image`` (the changed pixels only, after the first frame),
    which saves it with PIL's default compression; that encoding was the largest single part of
    a control's latency on a rulebook-size board. The method is replaced, on this canvas only,
    by the same steps (matplotlib 3.11's: private ``_png_is_old``, ``_force_full``,
    ``_last_buff``, ``set_image_mode``) with the PNG made by :func:`png_rgba`. Other canvases (Agg) are
    left alone. Check on a matplotlib upgrade that ``get_diff_image`` still takes these steps
    (``tests/test_ipympl_canvas.py`` decodes the frames sent).
    """
    if not hasattr(canvas, "get_diff_image") or not hasattr(canvas, "_last_buff"):
        return
    import types

    canvas.get_diff_image = types.MethodType(_diff_image, canvas)


#: Seconds after which a frame sent to an ipympl canvas is taken to be on screen if no other frame
#: followed it sooner (:func:`_diff_image`): the browser loads a frame 10 to 60 ms after it
#: arrives here (JupyterLab + Chromium, issue 14), and a frame that arrives before the one before
#: it has loaded replaces it.
FRAME_SETTLE_S = 0.2

#: At most this many frames sent within :data:`FRAME_SETTLE_S` of each other are diffed against
#: (and kept: each is the figure's pixels, about 2 MB); past that (a slider held down) the next
#: frame is whole.
FRAME_HISTORY = 6

_clock = time.monotonic  # the frames' clock (tests replace it)
_frames: "weakref.WeakKeyDictionary[Any, list[tuple[float, Any]]]" = weakref.WeakKeyDictionary()


def _diff_image(self: Any) -> bytes | None:
    """``FigureCanvasWebAggCore.get_diff_image`` (matplotlib 3.11) with a faster PNG (:func:`png_rgba`),
    diff frames that stay right when the browser drops a frame, cut to the changed pixels' extent.

    ipympl 0.10's browser side loads each frame into one image element and draws it when it has
    loaded: a frame that arrives while the one before is still loading replaces it, and the one
    before is never drawn (a press and its release, 20 ms apart, on the board editor: the map
    went stale, a new-user trial). matplotlib diffs each frame against the last frame sent, so
    what the dropped frame changed stayed wrong. Here a diff frame holds every pixel that differs
    from the last frame known to be on screen (one no other frame followed within
    :data:`FRAME_SETTLE_S`) or from any frame sent after it: whichever of those the browser
    shows, the frame makes it the new picture. Past :data:`FRAME_HISTORY` such frames, or with
    no frame known to be on screen yet, the frame is whole (full mode: the browser clears first).

    The browser draws a frame at the top left corner of its canvas (``drawImage(image, 0, 0)``),
    over the last picture in diff mode: a diff frame need not reach past the last row and column
    that changed (a change that leaves the legend at the right and the text under a board alone
    sends a smaller PNG, encoded and decoded faster), and a redraw that changed nothing sends one
    transparent pixel.
    """
    import numpy as np

    if not self._png_is_old:
        return None
    now = _clock()
    pixels = np.asarray(self.get_renderer().buffer_rgba())
    buff = pixels.view(np.uint32).squeeze(2)  # one uint32 per pixel: compare pixels at once
    sent = _frames.get(self, [])
    # the last frame known to be on screen: no frame followed it within FRAME_SETTLE_S
    settled = [i for i, (t, _) in enumerate(sent) if (sent[i + 1][0] if i + 1 < len(sent) else now) - t >= FRAME_SETTLE_S]
    sent = sent[settled[-1]:] if settled else []
    if (self._force_full or not sent or len(sent) > FRAME_HISTORY or buff.shape != sent[0][1].shape
            or (pixels[:, :, 3] != 255).any()):
        self.set_image_mode("full")
        output = buff
        sent = []
    else:  # the changed pixels, in the smallest image the browser draws at the top left corner
        self.set_image_mode("diff")
        changed = buff != sent[0][1]
        for _, earlier in sent[1:]:
            changed |= buff != earlier
        rows = np.flatnonzero(changed.any(axis=1))
        if rows.size == 0:
            output = np.zeros((1, 1), np.uint32)  # nothing changed: one transparent pixel
        else:
            height = int(rows[-1]) + 1
            width = int(np.flatnonzero(changed[:height].any(axis=0))[-1]) + 1
            output = np.where(changed[:height, :width], buff[:height, :width], 0)
    self._last_buff = buff.copy()
    _frames[self] = sent + [(now, self._last_buff)]
    self._force_full = False
    self._png_is_old = False
    return png_rgba(output.view(dtype=np.uint8).reshape((*output.shape, 4)))


def png_rgba(pixels: Any, level: int | None = None) -> bytes:
    """The PNG file of ``pixels`` (an ``(height, width, 4)`` uint8 RGBA array), rows unfiltered.

    PNG is a signature, an ``IHDR`` chunk (size, 8-bit RGBA), the zlib stream of the rows each
    led by its filter byte (0: none), and ``IEND`` (each chunk with its CRC-32; the PNG
    specification, 2nd edition). PIL's encoder tries every row filter on every row, which
    costs more than it saves on an explorer's frames: for a 970 x 592 frame of a 15 x 12
    board, PIL at zlib level 1 takes 34 ms (218 KiB) for a whole frame and 17 ms (26 KiB) for
    a diff frame, unfiltered rows at level 1 take 19 ms (185 KiB) and 8 ms (24 KiB)
    (issue 14). Decoders read it as any PNG (``tests/test_ipympl_canvas.py``).

    Parameters
    ----------
    pixels : numpy.ndarray
        RGBA pixels, rows from the top.
    level : int, optional
        zlib level (default :data:`FRAME_PNG_LEVEL`).
    """
    import struct
    import zlib

    import numpy as np

    height, width, _ = pixels.shape
    rows = np.zeros((height, width * 4 + 1), np.uint8)  # filter byte 0, then the row's bytes
    rows[:, 1:] = pixels.reshape(height, width * 4)
    data = zlib.compress(rows.tobytes(), FRAME_PNG_LEVEL if level is None else level)

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))



#: Entries each of the two text caches of :func:`cached_text` keeps (least recently used dropped
#: first): laid-out strings, and glyph bitmaps (a glyph of DejaVu Sans at 8-10 pt is about 100
#: bytes; 16,384 of them, at every sub-pixel offset drawn, stay within a few MB).
TEXT_CACHE_LIMIT = 16_384

_text_layouts: "OrderedDict[tuple, list]" = OrderedDict()
_text_glyphs: "OrderedDict[tuple, tuple]" = OrderedDict()


def cached_text(canvas: Any) -> None:
    """Make the Agg renderers of ``canvas`` draw plain texts from a cache, pixel for pixel as before.

    matplotlib 3.11's ``RendererAgg.draw_text`` lays each string out (``FT2Font._layout``) and
    renders each glyph (``FT2Font._render_glyph`` at the glyph's sub-pixel position) on every
    draw: most of a chart's redraw time (issue 14: 60-115 texts in a Crush chart, about half of
    its Agg draw). The same string in the same font, size and dpi has the same layout, and a
    glyph rendered at a position that differs by whole pixels is the same bitmap moved by those
    pixels (FreeType works in 1/64 pixel units): so layouts are kept per (font properties, dpi,
    string, hinting, features, language) and bitmaps per (font, size, dpi, glyph, rotation,
    position modulo one pixel in 1/64, hinting, antialiasing), :data:`TEXT_CACHE_LIMIT` of each.
    Mathtext, TeX and texts drawn as paths (path effects) take matplotlib's own way. The
    renderer also answers ``Text._get_layout``'s question for a font's ascent, descent and line
    gap from a cache (:func:`_font_height_metrics`).

    The renderer the canvas makes (``FigureCanvasAgg.get_renderer``, a new one on a resize) gets
    the cached ``draw_text`` as an instance attribute; other canvases are left alone. Private
    details used (matplotlib 3.11; check on an upgrade, ``tests/test_text_cache.py`` compares
    drawn pixels with and without): ``RendererAgg._prepare_font``, ``RendererAgg._renderer``
    (``draw_text_image``), ``FT2Font._layout``, ``FT2Font._set_transform``,
    ``FT2Font._render_glyph``, the steps of ``RendererAgg._draw_text_glyphs_and_boxes``, and the
    renderer hook ``_get_font_height_metrics`` with the steps of ``Text._get_layout`` it replaces.
    """
    import types

    from matplotlib.backends.backend_agg import RendererAgg

    original = canvas.get_renderer
    if getattr(original, "_cached_text", False):
        return

    def get_renderer(*args: Any, **kwargs: Any) -> Any:
        renderer = original(*args, **kwargs)
        if isinstance(renderer, RendererAgg) and "draw_text" not in vars(renderer):
            renderer.draw_text = types.MethodType(_draw_text, renderer)
            renderer._get_font_height_metrics = types.MethodType(_font_height_metrics, renderer)
        return renderer

    get_renderer._cached_text = True  # type: ignore[attr-defined]
    canvas.get_renderer = get_renderer
    _install_layout_cache()


_text_boxes: "OrderedDict[tuple, tuple]" = OrderedDict()
_plain_layout: list = []  # matplotlib's own Text._get_layout, once replaced


def _install_layout_cache() -> None:
    """Make ``Text._get_layout`` keep its answers for the renderers of :func:`cached_text`.

    matplotlib 3.11's ``Text._get_layout`` splits a text into lines, measures each, aligns and
    rotates them, on every draw and every extent asked (``get_window_extent``, tight boxes): a
    Crush chart's 90 texts spent more time there than in drawing their glyphs (issue 14). Its
    answer is the box and the lines' offsets from the text's anchor, in pixels: it does not
    depend on where the text is, only on the string, the font properties, the dpi, the rotation
    and rotation mode, the alignments and the line spacing. So it is kept per those
    (:data:`TEXT_CACHE_LIMIT` answers, least recently used dropped first), and only for a
    renderer that draws texts from the cache (an Agg canvas of the kit's, its spare renderers);
    a wrapped text (whose lines depend on where it is) and a TeX text take matplotlib's way. The
    method is replaced on the class, once; any other renderer gets matplotlib's own.
    """
    from matplotlib.text import Text

    if _plain_layout:
        return
    _plain_layout.append(Text._get_layout)
    Text._get_layout = _get_layout


def _get_layout(self: Any, renderer: Any) -> Any:
    """``Text._get_layout`` (matplotlib 3.11), kept per text, font, dpi, rotation and alignment."""
    drawer = getattr(vars(renderer).get("draw_text") if hasattr(renderer, "__dict__") else None, "__func__", None)
    if drawer is not _draw_text or self.get_wrap() or self.get_usetex():
        return _plain_layout[0](self, renderer)
    key = (self.get_text(), hash(self._fontproperties), self.get_figure(root=True).dpi, self.get_rotation(),
           self.get_rotation_mode(), self._horizontalalignment, self._verticalalignment,
           self._get_multialignment(), self._linespacing, self.get_parse_math())
    got = _text_boxes.get(key)
    if got is None:
        return _remember(_text_boxes, key, _plain_layout[0](self, renderer))
    _text_boxes.move_to_end(key)
    return got


_height_metrics: dict[tuple, tuple] = {}


def _font_height_metrics(self: Any, prop: Any) -> tuple:
    """The ascent, descent and line gap (pixels) ``Text._get_layout`` computes for ``prop``, kept.

    matplotlib 3.11's ``Text._get_layout`` asks the renderer for them when it has the method
    (the hook the PDF and PS backends use for AFM fonts), else finds the font and reads its
    OS/2 or hhea table on every layout, several times a text a draw. The same steps, once per
    (font properties, dpi); the dpi is the renderer's, which is the figure's in every draw
    (a canvas's renderer is made at the figure's dpi; ``savefig`` sets the figure's dpi to its own).
    """
    key = (hash(prop), self.dpi)
    got = _height_metrics.get(key)
    if got is None:
        from matplotlib.font_manager import fontManager, get_font

        font = get_font(fontManager._find_fonts_by_props(prop))
        got = (None, None, None)
        for table_name, gap, ascent, descent in (("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
                                                 ("hhea", "lineGap", "ascent", "descent")):
            table = font.get_sfnt_table(table_name)
            if table is None:
                continue
            scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * prop.get_size_in_points() * self.dpi / 72
            got = (table[ascent] * scale, -table[descent] * scale, table[gap] * scale)
            break
        if len(_height_metrics) >= TEXT_CACHE_LIMIT:
            _height_metrics.clear()
        _height_metrics[key] = got
    return got


def _remember(cache: "OrderedDict[tuple, Any]", key: tuple, value: Any) -> Any:
    cache[key] = value
    while len(cache) > TEXT_CACHE_LIMIT:
        cache.popitem(last=False)
    return value


def _draw_text(self: Any, gc: Any, x: float, y: float, s: str, prop: Any, angle: float, ismath: Any = False,
               mtext: Any = None) -> None:
    """``RendererAgg.draw_text`` (matplotlib 3.11) with the caches of :func:`cached_text`."""
    import math

    import numpy as np
    from matplotlib.backends.backend_agg import RendererAgg, get_hinting_flag
    from matplotlib.ft2font import RenderMode

    if ismath:
        return RendererAgg.draw_text(self, gc, x, y, s, prop, angle, ismath, mtext)
    flags = get_hinting_flag()
    features = mtext.get_fontfeatures() if mtext is not None else None
    language = mtext.get_language() if mtext is not None else None
    size = prop.get_size_in_points()
    key = (hash(prop), self.dpi, s, flags, tuple(features) if features else features, language)
    glyphs = _text_layouts.get(key)
    if glyphs is None:
        font = self._prepare_font(prop)
        glyphs = _remember(_text_layouts, key, [
            (item.ft_object, item.glyph_index, item.x, item.y)
            for item in font._layout(s, flags=flags, features=features, language=language)])
    else:
        _text_layouts.move_to_end(key)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]])).round().astype(int)
    rotation = tuple(matrix.ravel().tolist())
    antialiased = gc.get_antialiased()
    height = self.height
    for font, glyph, dx, dy in glyphs:  # dy is upwards; FreeType's y is upwards
        tx, ty = round(0x40 * (x + dx * cos - dy * sin)), round(0x40 * (height - y + dx * sin + dy * cos))
        gkey = (font, size, self.dpi, glyph, rotation, tx % 0x40, ty % 0x40, flags, antialiased)
        got = _text_glyphs.get(gkey)
        if got is None:
            font.set_size(size, self.dpi)
            font._set_transform(matrix, [tx % 0x40, ty % 0x40])
            bitmap = font._render_glyph(glyph, flags, RenderMode.NORMAL if antialiased else RenderMode.MONO)
            buffer = np.array(bitmap.buffer)  # a copy: the bitmap's buffer is FreeType's
            if not antialiased:
                buffer *= 0xff
            got = _remember(_text_glyphs, gkey, (buffer, bitmap.left, bitmap.top))
        else:
            _text_glyphs.move_to_end(gkey)
        buffer, left, top = got
        # the bitmap of the whole-pixel part of the position is the cached one moved by it;
        # draw_text_image's y is downwards and the bitmap's bottom side
        self._renderer.draw_text_image(buffer, left + tx // 0x40, int(height) - (top + ty // 0x40) + buffer.shape[0],
                                       0, gc)


#: How many :func:`spare_renderer` renderers are kept (one per canvas size and dpi; each is the
#: canvas's pixels, about 2 MB for an explorer's 900 x 600 figure).
SPARE_RENDERERS = 4

_spares: "OrderedDict[tuple, Any]" = OrderedDict()


def spare_renderer(like: Any) -> Any:
    """A cleared Agg renderer of ``like``'s size and dpi, to draw an artist alone on.

    The board pastes layers and legends it rendered once alone (``plot.board._render_alone``).
    A new ``RendererAgg`` for each of them had two costs: matplotlib keeps text metrics per
    renderer (``Text._get_text_metrics_with_cache``, keyed by a weak reference to it), so every
    text of a new legend was laid out again, and the new renderer drew texts without the cache
    of :func:`cached_text`. Here one renderer per (width, height, dpi) is kept
    (:data:`SPARE_RENDERERS` of them, least recently used dropped first) and cleared before each
    use (``RendererAgg.clear``: transparent, as a new one starts); when ``like`` draws texts from
    the cache (:func:`cached_text`), the spare does too. The pixels are those of a new renderer
    (``tests/test_text_cache.py``). Not for two draws at once: the caller draws on it and copies
    what it needs before the next call.
    """
    import types

    from matplotlib.backends.backend_agg import RendererAgg

    key = (int(like.width), int(like.height), float(like.dpi), "draw_text" in vars(like))
    own = _spares.get(key)
    if own is None:
        own = RendererAgg(like.width, like.height, like.dpi)
        if key[3]:
            own.draw_text = types.MethodType(_draw_text, own)
            own._get_font_height_metrics = types.MethodType(_font_height_metrics, own)
        _remember_spare(key, own)
    else:
        _spares.move_to_end(key)
        own.clear()
    return own


def _remember_spare(key: tuple, renderer: Any) -> None:
    _spares[key] = renderer
    while len(_spares) > SPARE_RENDERERS:
        _spares.popitem(last=False)


def drawing_disabled(renderer: Any) -> bool:
    """True when ``renderer`` is inside ``RendererBase._draw_disabled()`` (a draw that renders nothing).

    matplotlib runs such draws to lay texts out (``Figure.draw_without_rendering``, tight
    bounding boxes): the private context manager ``_draw_disabled`` replaces the renderer's
    ``draw_*`` methods by instance attributes that do nothing, so the renderer's buffer is not
    the figure's picture then and must not be kept as a background. Check on a matplotlib
    upgrade that ``_draw_disabled`` still patches ``draw_path`` on the instance
    (``tests/test_plot.py`` draws one).
    """
    return "draw_path" in vars(renderer)


def render_lock() -> Any:
    """The lock :meth:`Figure.draw <matplotlib.figure.Figure.draw>` holds while it draws.

    matplotlib 3.11 keeps it as the private class attribute ``Figure._render_lock`` (an RLock
    guarding the font and mathtext caches shared by all renderers); a figure that draws some
    artists itself, outside ``Figure.draw``, holds the same lock. Without it (another
    matplotlib), a null context.
    """
    from contextlib import nullcontext

    from matplotlib.figure import Figure

    return getattr(Figure, "_render_lock", None) or nullcontext()
