"""The report and sweep explorers (hexrules.widgets.whatif) under Agg."""

from __future__ import annotations

import html

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from hexrules.generate import BoardSpec  # noqa: E402
from hexrules.plot.whatif import CHANGE_COLOURS, change_overlays  # noqa: E402
from hexrules.whatif import alternatives, sweep  # noqa: E402
from hexrules.widgets.base import ExplorerError  # noqa: E402
from hexrules.widgets.edit import BoardEditor  # noqa: E402
from hexrules.widgets.whatif import ReportExplorer, SweepExplorer  # noqa: E402

SMALL = BoardSpec(columns=7, rows=5, units_per_side=2, garrisons=0, cluster=2)


pytestmark = pytest.mark.usefixtures("close_figures")


def test_the_report_opens_on_a_reading_that_changes_something_and_draws_it():
    # terrain: the GM starts in water on D2. Under water="none" entering water costs 1, not 2
    # (T1): C1 (D2 -> D1 water -> C1) costs 2, not 3.
    ex = ReportExplorer("terrain")
    assert not ex.comparison.same and ex.changes.alternative.label == "water=allowance"
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if c.alternative.label == "water=none")
    b = ex.art.board
    gm = next(r for r in ex.changes.reaches if r.unit == "GM")
    ex.controls["movement"].value = ex.changes.reaches.index(gm)  # the map shows the GM's hexes
    assert gm.cost(b.hex("C1")) == (3, 2)
    assert ex.art.tiles_shown("changes")[b.hex("C1")] == CHANGE_COLOURS["cost"]
    assert ex.art.texts_shown("costs")[b.hex("C1")] == "3→2"
    assert "water=none (T1)" in ex.explanation.value and "changes nothing" in ex.explanation.value


def test_the_report_of_an_editor_follows_the_board_being_edited(tmp_path):
    ed = BoardEditor(columns=4, rows=1, folder=tmp_path)
    for name, at in (("Scout", "A1"), ("Guard", "B1")):
        ed.controls["name"].value, ed.controls["side"].value = name, "blue"
        ed.click(at, tool="unit")
    ex = ReportExplorer(ed)
    # only allies_pass_through changes something here (M3): the Scout passes the Guard to C1
    assert [c.alternative.label for c in ex.report.changed] == ["allies_pass_through=False"]
    ed.controls["terrain"].value = "water"
    ed.click("C1", tool="paint")
    ex.controls["refresh"].click()
    assert "water=none" in [c.alternative.label for c in ex.report.changed]


def test_the_sweep_runs_with_a_progress_bar_and_draws_one_bar_per_reading():
    ex = SweepExplorer(3, spec=SMALL, sizes=(3,), seed=5)
    assert ex.result is None and "Press Run" in ex.explanation.value
    ex.controls["run"].click()
    assert (ex.progress.value, ex.progress.max, ex.progress.bar_style) == (3, 3, "success")
    assert ex.result == sweep(3, spec=SMALL, seed=5)
    bars = [p for p in ex.ax.patches]
    shown = [a for a in alternatives() if a.topic != "crush"]
    assert len(bars) == len(shown)
    t = ex.result.tally("water", "none")
    assert bars[shown.index(t.alternative)].get_width() == pytest.approx(100 * t.share)
    assert "allies_pass_through=False" in ex.explanation.value


def test_while_the_sweep_runs_run_cannot_be_pressed_again_and_the_text_says_so():
    # the new-user trial pressed Run on 1,000 boards and saw, for seconds, "Press Run" and an
    # enabled Run button: while the progress bar moves the button is disabled and says Running
    ex = SweepExplorer(3, spec=SMALL, sizes=(3,), seed=5)
    seen = []
    ex.progress.observe(lambda ch: seen.append((ch["new"], ex.controls["run"].disabled,
                                                ex.controls["run"].description, ex.explanation.value)), "value")
    ex.controls["run"].click()
    assert [(v, d, t) for v, d, t, _ in seen] == [(1, True, "Running"), (2, True, "Running"), (3, True, "Running")]
    assert all("Sweeping 3 boards of 7 x 5 hexes (seed 5)" in text for *_, text in seen)
    assert not ex.controls["run"].disabled and ex.controls["run"].description == "Run"


def test_the_browser_is_told_run_is_running_before_the_sweep_ends():
    # the frame goes first (Explorer.frame_first holds the controls' sync until the update's frame
    # is out): the sweep's Run must still show "Running" in the browser while the sweep runs
    ex = SweepExplorer(3, spec=SMALL, sizes=(3,), seed=5)
    run, events = ex.controls["run"], []
    run.send_state = lambda key=None: events.append(("button", run.disabled, run.description))
    ex.explanation.send_state = lambda key=None: events.append(("words", ex.explanation.value))
    ex.progress.observe(lambda ch: events.append(("progress", ch["new"])), "value")
    run.click()
    first = events.index(("progress", 1))
    assert ("button", True, "Running") in events[:first], events
    assert any(e[0] == "words" and "Sweeping 3 boards" in e[1] for e in events[:first]), events
    assert events[-1][0] in ("button", "words") and ("button", False, "Run") in events[first:], events


def test_the_sweeps_run_sends_each_change_of_the_bar_and_the_button_in_one_message():
    # each message is work for the server and the browser while the kernel sweeps (issue 14): the
    # bar's value and its words change together, as do the button's state and its words. A Run of
    # 3 boards: the bar set to 0 of 3, then 1, 2 and 3 of 3, then done (5 messages); the button to
    # Running and back to Run (2 messages)
    ex = SweepExplorer(3, spec=SMALL, sizes=(3,), seed=5)
    sent = {"bar": [], "button": []}
    for name, widget in (("bar", ex.progress), ("button", ex.controls["run"])):
        widget.send_state = lambda key=None, name=name: sent[name].append(key)
    ex.controls["run"].click()
    assert len(sent["bar"]) == 5, sent["bar"]
    assert len(sent["button"]) == 2, sent["button"]


def test_the_sweep_refuses_what_its_controls_cannot_show():
    with pytest.raises(ExplorerError, match="boards=7"):
        SweepExplorer(7)
    with pytest.raises(ExplorerError, match="sizes"):
        SweepExplorer(10, sizes=(10, 0))


def test_a_hex_two_movements_change_shows_the_chosen_movements_numbers():
    # terrain, water=allowance (T1): D1 costs the Gundam 4 -> 3 and the GM 2 -> 1; the map wrote the
    # last unit's "2→1" on D1 whoever's reach the player looked at. Now a Movement control picks
    # whose hexes the map shows, and the title names it.
    ex = ReportExplorer("terrain")
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches)
                                       if c.alternative.label == "water=allowance")
    b = ex.art.board
    d1 = b.hex("D1")
    assert [label for label, _ in ex.controls["movement"].options] == ["RX-78-2 Gundam's Advance", "GM's Advance"]
    assert [r.cost(d1) for r in ex.changes.reaches] == [(4, 3), (2, 1)]
    assert ex.art.texts_shown("costs")[d1] == "4→3" and "RX-78-2 Gundam's Advance" in ex.art.ax.get_title()
    ex.controls["movement"].value = 1
    assert ex.art.texts_shown("costs")[d1] == "2→1" and "GM's Advance" in ex.art.ax.get_title()
    # each map shows its own movement's hexes only: the Gundam's four, the GM's nine
    assert len(ex.art.texts_shown("costs")) == len(ex.changes.reaches[1].hex_changes) == 9
    ex.controls["movement"].value = 0
    assert set(ex.art.texts_shown("costs")) == {b.hex(x) for x in ("D1", "E1", "C2", "D3")}
    assert ex.art.texts_shown("costs")[b.hex("E1")] == "now 4 MP"
    # every movement at once (the drawing's default), a shared hex writes each change
    assert change_overlays(ex.changes)["texts"][d1] == "4→3\n2→1"
    # a reading that changes no movement: nothing to choose
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if not c.reaches)
    assert ex.controls["movement"].options == (("none changes", -1),) and ex.controls["movement"].disabled


def test_the_legend_reads_a_cost_change_in_the_words_written_on_the_hexes():
    # the trial: the legend said "base→alt." where the title says "against the default" and the
    # other two entries "now N MP" / "was N MP": "3→2" on a hex is what it cost, then what it costs
    ex = ReportExplorer("terrain")
    ex.figure.canvas.draw()
    labels = [t.get_text() for t in ex.art.ax.get_legend().get_texts()]
    cost = next(t for t in labels if t.startswith("cost changes"))
    assert " ".join(cost.split()) == "cost changes (was→now MP)"
    assert "3→2" in ex.art.texts_shown("costs").values()  # the kind of text it names is on the map


@pytest.mark.parametrize("where", ["water", "hills"])
def test_a_changed_hex_shows_exactly_its_legend_colour_whatever_its_height(where):
    # the trial: the see-through fills blended with what they covered: "gained" on height 1 came
    # out the green of "height 2", a cost change on water came out brown like a hill. A change is
    # an opaque tile of its legend's colour; the rim keeps the hex's own height or terrain colour
    import matplotlib.colors as mcolors
    import numpy as np

    from hexrules.generate import generate

    if where == "water":  # the GM in water, water=none: D1, E1, C2, D3 (water) cost 2 -> 1
        ex, label, movement, kind = ReportExplorer("terrain"), "water=none", "GM", "cost"
    else:  # lesson 10's board: the Garrison's ability move gains hexes on heights 1 and 2
        ex = ReportExplorer(generate(BoardSpec(columns=12, rows=10), seed=17))
        label, movement, kind = "garrison_ability_move=ignores", "blue Garrison 1", "gained"
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if c.alternative.label == label)
    ex.controls["movement"].value = next(i for i, r in enumerate(ex.changes.reaches) if r.unit == movement)
    art, b = ex.art, ex.art.board
    fig = ex.figure
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())
    swatch = [mcolors.to_hex(h.get_facecolor()) for h in art.ax.get_legend().legend_handles
              if hasattr(h, "get_facecolor") and h.get_label().startswith({"cost": "cost", "gained": "hex gained"}[kind])]
    assert swatch == [CHANGE_COLOURS[kind]]

    def colour_at(h, dx, dy):  # the pixel at (dx, dy) hex radii from the hex's centre
        x, y = art.centre(h)
        px, py = art.ax.transData.transform((x + dx, y + dy))
        return mcolors.to_hex(pixels[int(round(fig.bbox.height - py)), int(round(px))] / 255)

    changed = [h for h, t in art.texts_shown("costs").items() if ("→" in t) == (kind == "cost")
               and (b.terrain(h).name == "water" if where == "water" else b.elevation(h) > 0)]
    assert len(changed) >= 3  # the test shows something
    for h in changed:
        # in the tile, under its text: its colour, and nothing across it (a water hex's ripples
        # crossed the tile and its "2→1", a second trial)
        seen = {colour_at(h, dx, art.TILE_SHIFT + dy) for dx in (-0.15, -0.05, 0.05, 0.15) for dy in (0.33, 0.38, 0.43)}
        assert seen == {swatch[0]}, (b.label(h), seen)
        if where == "hills":  # the rim: the hex's own height colour, as the legend lists it
            assert colour_at(h, -0.75, 0.1) == mcolors.to_hex(art.base_colours[art.index[h]]), b.label(h)


def test_the_text_under_the_map_writes_a_cost_change_as_the_map_does():
    # the trial: the map wrote "2→1" on E9 and the text under it "E9 costs 2 -> 1"
    ex = ReportExplorer("terrain")
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if c.alternative.label == "water=none")
    gm = next(i for i, r in enumerate(ex.changes.reaches) if r.unit == "GM")
    ex.controls["movement"].value = gm
    on_map = ex.art.texts_shown("costs")[ex.art.board.hex("C1")]
    assert on_map == "3→2"  # T1: C1 via the water D1 costs the GM 3, under water=none 2
    text = html.unescape(ex.explanation.value)
    assert "C1 costs 3→2" in text and " -> " not in text


def test_the_menu_the_title_and_the_text_name_a_movement_alike():
    # the trial: the Movement menu said "blue Garrison 1: ability move", the text under the map
    # "blue Garrison 1 Ability:" and the title "blue Garrison 1's ability move"
    from hexrules.generate import generate

    ex = ReportExplorer(generate(BoardSpec(columns=12, rows=10), seed=17))
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches)
                                       if c.alternative.label == "garrison_ability_move=ignores")
    name = "blue Garrison 1's ability move"
    menu = dict((v, k) for k, v in ex.controls["movement"].options)[ex.controls["movement"].value]
    assert menu == name and " ".join(ex.art.ax.get_title().split()).endswith(f": {name}")
    assert f"{name}: gains" in html.unescape(ex.explanation.value)


def test_a_push_reading_shows_one_push_at_a_time_named_as_the_text_names_it():
    # the trial: under collision_damage=1 the map outlined ~20 hexes for all the pushes together,
    # and which push changed where could only be read from the text
    ex = ReportExplorer("push_collision")
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches)
                                       if c.alternative.label == "collision_damage=1")
    pushes = ex.changes.forced
    assert len(pushes) >= 1
    menu = ex.controls["movement"]
    assert menu.description == "Push / Pull" and [v for _, v in menu.options] == list(range(len(pushes)))
    text = html.unescape(ex.explanation.value)
    for label, i in menu.options:
        menu.value = i
        a, b = pushes[i].differing_hexes
        outlined = set(ex.art.outlines_shown("differs"))
        assert outlined == {h for h in a | b if h in ex.art.board}  # this push's hexes, no other's
        assert f"  {label}: " in text and " ".join(ex.art.ax.get_title().split()).endswith(f": {label}")  # lines: fit_title
    # a movement reading offers movements again, under its own name
    ex.controls["switch"].value = next(i for i, c in enumerate(ex.report.switches) if c.reaches)
    assert ex.controls["movement"].description == "Movement"


@pytest.mark.parametrize("name", ["push_edge", "push_multi", "elevation"])
def test_the_maps_title_stays_inside_the_figure_on_a_small_board(name):
    # a trial read "llide (P4) against the default: Push 2 from B2 (Zaku I) on RX-78-2 Gundam at C2"
    # on the 4 x 4 push_edge board: the title was wider than the figure, its start cut off
    ex = ReportExplorer(name)
    fig = ex.figure
    for value in [v for _label, v in ex.controls["switch"].options]:
        ex.controls["switch"].value = value
        fig.canvas.draw()
        box = ex.art.ax.title.get_window_extent()
        assert 0 <= box.x0 and box.x1 <= fig.bbox.width and box.y1 <= fig.bbox.height, (
            ex.art.ax.get_title(), box, fig.bbox)
        assert ex.art.ax.title.get_fontsize() >= 7


def test_a_reading_that_changes_nothing_offers_the_menu_of_its_own_topic():
    # a trial chose "push_off_board=collide (P4): changes nothing" and the menu under it read
    # "Movement: none changes"; the lesson says a Push or Pull reading offers "Push / Pull"
    from hexrules.whatif import TOPICS

    ex = ReportExplorer("push_edge")
    menu = ex.controls["movement"]
    expected = {"movement": ("Movement", (("none changes", -1),), True),
                "forced": ("Push / Pull", (("none changes", -1),), True),
                "crush": ("Crush", (("dice only: see the text", -1),), True)}
    seen = set()
    for label, value in ex.controls["switch"].options:
        if label.endswith("changes nothing"):
            ex.controls["switch"].value = value
            topic = TOPICS[label.split("=")[0]]
            assert (menu.description, menu.options, menu.disabled) == expected[topic], label
            seen.add(topic)
    assert seen == {"movement", "forced", "crush"}  # push_edge: some reading of each changes nothing


def test_the_report_explorer_names_the_reading_it_compares_with():
    # A board whose rules: line reads water=allowance (T1) is compared with that reading: the
    # title and the table say so, never "against the default" (a claim the screen must not make).
    from hexrules import parse_scenario

    sc = parse_scenario("map:\n    0 ~ 0\nrules:\n    water=allowance\nunits:\n    Scout side=blue at=A1 advance=2\n")
    ex = ReportExplorer(sc)
    try:
        assert "against its own reading (rules: water=allowance)" in ex.art.ax.get_title().replace("\n", " ")
        assert "Every alternative against its own reading (rules: water=allowance)" in html.unescape(ex.explanation.value)
        assert "against the default" not in ex.art.ax.get_title()
    finally:
        ex.close()
    plain = ReportExplorer("terrain")
    try:
        assert "against the default" in plain.art.ax.get_title().replace("\n", " ")
    finally:
        plain.close()
