"""Explorers on a real ipympl canvas (``%matplotlib widget``), in a child Python process.

The browser shows an ipympl figure from the canvas widget's synced state. ipympl 0.10.0 stores a
frame drawn before the browser's ``initialized`` message in ``_data_url`` as bare base64 (no
``data:image/png;base64,`` prefix); a browser model created from that state never sizes its
canvas (a blank figure, seen in the browser suite on 03_engagement). ``hexrules.plot.new_figure``
turns that syncing off (``hexrules.plot._mpl.keep_data_url_valid``). These tests drive the canvas
the way the browser does, by its comm messages, in a child process so that the ipympl backend does
not leak into the other tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import json, sys
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    from hexrules.widgets.movement import EngagementExplorer

    guarded = sys.argv[1] == "explorer"
    if guarded:
        canvas = EngagementExplorer("engagement").figure.canvas
    else:  # a bare pyplot figure: ipympl as shipped
        import matplotlib.pyplot as plt
        with plt.ioff():
            fig = plt.figure()
        fig.add_subplot().plot([0, 1])
        canvas = fig.canvas
    seen = []
    def message(msg_type):
        canvas._handle_message(canvas, {"type": msg_type}, [])
        seen.append(canvas._data_url)
    # the browser asks for a frame before its "initialized" message has reached the kernel
    message("draw")
    for msg_type in ("refresh", "send_image_mode", "initialized", "draw"):
        message(msg_type)
    print(json.dumps({"type": type(canvas).__module__, "data_urls": seen}))
    """
)


def _run_child(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, which], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _valid(url) -> bool:
    return url is None or url.startswith("data:image/png;base64,")


def test_an_explorer_canvas_never_syncs_an_invalid_image_url():
    result = _run_child("explorer")
    assert result["type"] == "ipympl.backend_nbagg"
    assert all(_valid(u) for u in result["data_urls"]), [str(u)[:40] for u in result["data_urls"]]


def test_ipympl_as_pinned_still_has_the_bug_the_guard_works_around():
    """When this fails, ipympl no longer stores bare base64: ``plot._mpl.keep_data_url_valid`` and
    this file's first test can go (check the browser suite on 03_engagement after removing it)."""
    result = _run_child("bare")
    first = result["data_urls"][0]
    if first is None:
        pytest.fail("ipympl did not store a frame drawn before 'initialized': the workaround "
                    "in hexrules.plot._mpl.keep_data_url_valid may be obsolete")
    assert not _valid(first), first[:40]


TOOLBAR_CHILD = textwrap.dedent(
    """
    import json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    from hexrules.widgets.movement import ReachExplorer

    ex = ReachExplorer("elevation")
    canvas = ex.figure.canvas
    x, y = ex.art.ax.transData.transform(ex.art.centre("C2"))
    height = canvas.get_renderer().height
    def message(content):  # what the browser's canvas and toolbar send
        canvas._handle_message(canvas, content, [])
    def press_and_release():
        for kind, buttons in (("button_press", 1), ("button_release", 0)):
            message({"type": kind, "x": x, "y": height - y, "button": 0, "buttons": buttons,
                     "modifiers": []})
    seen = {"toolbar": type(canvas.toolbar).__module__ + "." + type(canvas.toolbar).__name__}
    for name in ("zoom", "pan"):
        message({"type": "toolbar_button", "name": name})
        press_and_release()
        seen[name] = [str(canvas.toolbar.mode), ex.controls["target"].value]
        message({"type": "toolbar_button", "name": name})  # the same button again: mode off
    press_and_release()
    seen["none"] = [str(canvas.toolbar.mode), ex.controls["target"].value]
    print(json.dumps(seen))
    """
)


def test_an_ipympl_toolbar_mode_keeps_clicks_from_choosing_hexes():
    # issue 9 part 5, on ipympl's own Toolbar driven by the messages its buttons and canvas send
    done = subprocess.run([sys.executable, "-c", TOOLBAR_CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["toolbar"] == "ipympl.backend_nbagg.Toolbar"
    assert seen["zoom"] == ["zoom rect", ""] and seen["pan"] == ["pan/zoom", ""]
    assert seen["none"] == ["", "C2"]


PLACE_CHILD = textwrap.dedent(
    """
    import json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    from hexrules.widgets.crush import EXPLORERS as CRUSH
    from hexrules.widgets.edit import scratch_editor
    from hexrules.widgets.whatif import SweepExplorer

    seen = {}
    for name, ex in (("editor", scratch_editor(columns=12, rows=10)), ("damage", CRUSH["damage"]()),
                     ("collapse", CRUSH["collapse"]()), ("sweep", SweepExplorer(10))):
        c = ex.figure.canvas
        seen[name] = [c.toolbar_visible, c.toolbar_position, c.layout.padding, c.layout.width]
    print(json.dumps(seen))
    """
)


def test_the_toolbar_sits_above_a_map_and_is_hidden_on_a_chart():
    # a new-user trial: ipympl's toolbar, fading in at the figure's left edge, covered the editor's
    # A1, A3, A5 and the Crush chart's 'probability' label (tests/browser/test_toolbar.py measures it)
    from hexrules.plot._mpl import TOOLBAR_STRIP

    done = subprocess.run([sys.executable, "-c", PLACE_CHILD], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    above = ["fade-in-fade-out", "top", f"{TOOLBAR_STRIP} 0 0 0", "fit-content"]
    assert seen["editor"] == above and seen["collapse"] == above  # maps: zoom into a board, save it
    for chart in ("damage", "sweep"):  # charts: everything in view at fixed limits
        assert seen[chart][0] is False and seen[chart][2] is None


FRAME_CHILD = textwrap.dedent(
    """
    import io, json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    import numpy as np
    from PIL import Image
    from hexrules.widgets.movement import ReachExplorer

    ex = ReachExplorer("elevation", unit="RX-78-2 Gundam", kind="advance")
    canvas = ex.figure.canvas
    def message(content):  # what the browser's canvas sends
        canvas._handle_message(canvas, content, [])
    sent = []
    canvas.send = lambda content, buffers=None: sent.append((json.loads(content["data"])["type"], buffers))
    message({"type": "initialized"})
    message({"type": "draw"})  # the browser shows the canvas and asks for its first frame
    first = [b for t, b in sent if t == "binary"]
    sent.clear()
    import time
    from hexrules.plot import _mpl
    time.sleep(_mpl.FRAME_SETTLE_S)  # the user changes a control once the first frame is on screen
    ex.explanation.send_state = lambda key=None: sent.append(("explanation", None))  # the words' sync
    ex.controls["speed"].value = 1  # one control change
    frames = [Image.open(io.BytesIO(bytes(b[0]))) for t, b in sent if t == "binary"]
    diff = np.asarray(frames[0].convert("RGBA")) if frames else None
    print(json.dumps({
        "first": len(first),
        "types": [t for t, _ in sent],
        "size": list(frames[0].size) if frames else None,
        "figure": [round(canvas.figure.bbox.width), round(canvas.figure.bbox.height)],
        "mode": canvas._current_image_mode,
        "changed": int((diff[:, :, 3] > 0).sum()) if frames else 0,
    }))
    """
)


def test_a_control_change_sends_its_frame_at_once_without_a_draw_request():
    # issue 14 part 1: Explorer.refresh draws on the ipympl canvas and sends the frame in the same
    # turn; draw_idle would send a "draw" event and wait for the browser to ask back.
    done = subprocess.run([sys.executable, "-c", FRAME_CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["first"] == 1
    assert "draw" not in seen["types"]
    assert seen["types"].count("binary") == 1
    # the picture goes first, the words (a cost table) after it, once (Explorer.update holds their sync)
    assert seen["types"].count("explanation") == 1
    assert seen["types"].index("binary") < seen["types"].index("explanation")
    # the frame is a diff (only the changed pixels are opaque): Speed 1 adds reach, so some pixels
    # change, but not the whole figure; and it stops at the last changed column and row: the
    # legend at the right is unchanged, so the frame is narrower than the figure
    assert seen["size"][0] < seen["figure"][0] and seen["size"][1] <= seen["figure"][1]
    assert seen["mode"] == "diff"
    assert 0 < seen["changed"] < seen["figure"][0] * seen["figure"][1] // 2


BLIT_CHILD = textwrap.dedent(
    """
    import io, json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    import numpy as np
    from PIL import Image
    from hexrules.widgets.crush import DamageExplorer

    ex = DamageExplorer(cover=3, resolve=4)
    fig, canvas = ex.figure, ex.figure.canvas
    def message(content):  # what the browser's canvas sends
        canvas._handle_message(canvas, content, [])
    sent = []
    canvas.send = lambda content, buffers=None: sent.append((json.loads(content["data"])["type"], buffers))
    message({"type": "initialized"})
    message({"type": "draw"})  # the first frame: the whole figure
    shown = np.asarray(Image.open(io.BytesIO(bytes([b for t, b in sent if t == "binary"][0][0]))).convert("RGBA"))
    shown = shown.copy()
    for value in (5, 2, 6):  # Resolve: bars, curves, titles, the heatmap's frame
        sent.clear()
        ex.controls["resolve"].value = value
        diff = np.asarray(Image.open(io.BytesIO(bytes([b for t, b in sent if t == "binary"][0][0]))).convert("RGBA"))
        changed = diff[:, :, 3] > 0  # a diff frame: the browser paints its opaque pixels over the last,
        h, w = changed.shape  # the frame's top left corner on the canvas's (ipympl: drawImage(image, 0, 0))
        shown[:h, :w][changed] = diff[changed]
    whole = io.BytesIO()
    fig.savefig(whole, format="raw", dpi=fig.dpi)
    w, h = canvas.get_width_height(physical=True)
    whole = np.frombuffer(whole.getvalue(), np.uint8).reshape(h, w, 4)
    print(json.dumps({"figure": type(fig).__name__, "full": fig.full_draws, "cached": fig.cached_draws,
                      "same": bool(np.array_equal(shown, whole))}))
    """
)


def test_a_layered_explorer_blits_on_ipympl_and_the_browser_shows_the_whole_picture():
    # issue 14: the Crush what-if charts draw their static part once (hexrules.plot.LayeredFigure);
    # the frames the browser composes must give the picture a whole draw gives
    done = subprocess.run([sys.executable, "-c", BLIT_CHILD], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["figure"] == "LayeredFigure"
    assert seen["cached"] >= 2 and seen["full"] <= 2  # the first draw and at most one legend change
    assert seen["same"]


@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (7, 2), (64, 97)])
@pytest.mark.parametrize("level", [1, 6])
def test_frames_are_pngs_any_decoder_reads_back_exactly(shape, level):
    # issue 14: the frames are written by hexrules.plot._mpl.png_rgba (unfiltered rows, zlib),
    # not by PIL; PIL must read every pixel and its alpha back, at any size
    import io

    import numpy as np
    from PIL import Image

    from hexrules.plot._mpl import png_rgba

    pixels = np.random.default_rng(sum(shape) + level).integers(0, 256, (*shape, 4), dtype=np.uint8)
    pixels[0, 0] = (0, 0, 0, 0)  # a transparent pixel of a diff frame
    png = png_rgba(pixels, level)
    image = Image.open(io.BytesIO(png))
    assert (image.format, image.mode, image.size) == ("PNG", "RGBA", (shape[1], shape[0]))
    assert np.array_equal(np.asarray(image), pixels)


ORDER_CHILD = textwrap.dedent(
    """
    import json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    from hexrules.widgets.forced import EXPLORERS

    ex = EXPLORERS["push_collision"]()
    canvas, step = ex.figure.canvas, ex.controls["step"]
    canvas._handle_message(canvas, {"type": "initialized"}, [])
    canvas._handle_message(canvas, {"type": "draw"}, [])
    sent = []
    canvas.send = lambda content, buffers=None: sent.append(json.loads(content["data"])["type"])
    step.send_state = lambda key=None: sent.append("step " + ",".join(sorted([key] if isinstance(key, str) else key or ())))
    ex.explanation.send_state = lambda key=None: sent.append("explanation")
    before = (step.min, step.max)
    n = ex.controls["n"]
    n.value = n.max if n.value != n.max else n.min  # a Push of another length: another number of steps
    by_control = list(sent)
    sent.clear()
    before_click = (step.min, step.max)
    source = ex.controls["source"]
    other = next(o for o in source.options if (o[1] if isinstance(o, tuple) else o) != source.value)
    ex.click(other[1] if isinstance(other, tuple) else other)  # as a click on the map: another Source
    print(json.dumps({"sent": by_control, "before": before, "after": [step.min, step.max],
                      "clicked": sent}))
    """
)


def test_a_control_change_sends_the_frame_before_the_slider_rebuild_and_the_words():
    # issue 14: the browser handles messages in order, so the work a change makes it do besides
    # the picture (the step slider's view rebuilt: two orientation messages; the words) goes
    # after the frame
    done = subprocess.run([sys.executable, "-c", ORDER_CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["before"] != seen["after"], seen  # the step slider's range did change
    sent = seen["sent"]
    frame = sent.index("binary")
    assert sent.count("binary") == 1
    # the step slider's range, then its value, each in its own message (a value sent with or before
    # its range is clamped by the browser's slider), then the frame, then the rebuild and the words
    assert [m for m in sent[:frame] if m.startswith("step")] == ["step max", "step value"], sent
    assert [m for m in sent[frame:] if m.startswith("step")] == ["step orientation"] * 2, sent
    assert "explanation" not in sent[:frame] and "explanation" in sent[frame:], sent
    clicked = seen["clicked"]  # a click on the map: the words after the frame too
    assert clicked.count("binary") == 1, clicked
    assert "explanation" not in clicked[:clicked.index("binary")], clicked


MOTION_CHILD = textwrap.dedent(
    """
    import json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    import matplotlib.pyplot as plt
    from hexrules.widgets.movement import ReachExplorer

    def moves(canvas, ax):
        sent = []
        canvas.send_state = lambda key=None: sent.append(key)
        height = canvas.get_renderer().height
        for i in range(3):  # the pointer moving over the axes: what the browser sends
            x, y = ax.transAxes.transform((0.3 + 0.1 * i, 0.5))
            canvas._handle_message(canvas, {"type": "motion_notify", "x": x, "y": height - y, "button": 0,
                                            "buttons": 0, "modifiers": []}, [])
        return {"message": canvas._message, "sent": [str(k) for k in sent]}

    ex = ReachExplorer("elevation")
    seen = {"explorer": moves(ex.figure.canvas, ex.art.ax)}
    with plt.ioff():
        fig = plt.figure()
    seen["bare"] = moves(fig.canvas, fig.add_subplot())  # ipympl as shipped: its footer shows them
    print(json.dumps(seen))
    """
)


def test_pointer_moves_over_an_explorer_send_nothing_to_its_hidden_footer():
    # issue 14: every move over a map (one message each 33 ms) synced the pointer's coordinates
    # to the browser as the toolbar's message, shown in the footer an explorer hides
    done = subprocess.run([sys.executable, "-c", MOTION_CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["explorer"] == {"message": "", "sent": []}
    assert seen["bare"]["message"] and "_message" in seen["bare"]["sent"]  # "(x, y) = (0.500, 0.500)"


DROP_CHILD = textwrap.dedent(
    """
    import io, json
    import matplotlib
    matplotlib.use("module://ipympl.backend_nbagg")
    import numpy as np
    from PIL import Image
    from hexrules.plot import _mpl
    from hexrules.widgets.movement import ReachExplorer

    LOAD = 0.04  # seconds the browser takes to load a frame: a frame arriving sooner replaces it
    now = [100.0]
    _mpl._clock = lambda: now[0]
    ex = ReachExplorer("elevation", unit="RX-78-2 Gundam", kind="advance")
    fig, canvas = ex.figure, ex.figure.canvas
    sent = []  # (time, mode, png)
    def send(content, buffers=None):
        kind = json.loads(content["data"])["type"]
        if kind == "binary":
            sent.append((now[0], canvas._current_image_mode, bytes(buffers[0])))
    canvas.send = send
    canvas._handle_message(canvas, {"type": "initialized"}, [])
    canvas._handle_message(canvas, {"type": "draw"}, [])
    now[0] += 1.0  # the first frame is on screen
    w, h = canvas.get_width_height(physical=True)

    def browser():  # ipympl 0.10: a frame replaces the one still loading; full clears, diff paints over
        shown = np.zeros((h, w, 4), np.uint8)
        for i, (t, mode, png) in enumerate(sent):
            if i + 1 < len(sent) and sent[i + 1][0] - t < LOAD:
                continue  # its image.src was replaced before it loaded: never drawn
            frame = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))
            if mode == "full":
                shown[:] = 0
            opaque = frame[:, :, 3] > 0
            fh, fw = opaque.shape
            shown[:fh, :fw][opaque] = frame[opaque]
        return shown

    def whole():
        buf = io.BytesIO()
        fig.savefig(buf, format="raw", dpi=fig.dpi)
        return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)

    same = []
    for burst in ([1, 2], [2], [0, 0], [3, 1]):  # key presses 10 ms apart, then a pause
        for value in burst:
            now[0] += 0.01
            ex.controls["speed"].value = value
            ex.refresh()  # a second frame at once (the editor: a press, then a release that changes nothing)
        now[0] += 1.0
        same.append(bool(np.array_equal(browser(), whole())))
    modes = [m for _, m, _ in sent]
    print(json.dumps({"same": same, "frames": len(sent), "full": modes.count("full")}))
    """
)


def test_frames_sent_faster_than_the_browser_loads_them_still_give_the_whole_picture():
    # a new-user trial (lesson 10's editor): a press and its release sent two frames 20 ms apart;
    # ipympl's browser side drops a frame whose successor arrives before it has loaded, and the
    # diff frame after it held only the pixels changed since the dropped one: the map went stale
    done = subprocess.run([sys.executable, "-c", DROP_CHILD], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["same"] == [True, True, True, True]
    assert seen["full"] == 1  # only the first frame: the others are diffs
