"""Explorers for notebook 08, Crush (RULES.md C1-C5): the collapse on a board, and designer what-ifs.

Each explorer draws on ONE figure made at construction and changes its artists in place when a
control moves (bars by ``set_height``, curves by ``set_data``, heatmaps by ``set_data``, texts by
``set_text``; see :class:`~hexrules.widgets.base.Explorer`).

* :class:`CollapseExplorer`: a vehicle's path across a collapsible piece on a hex board; the
  collapse, the affected units (and those merely touching) highlighted; a seeded roll resolved
  step by step (C1-C4).
* :class:`DamageExplorer`: designer what-if for non-vehicles: Cover and Resolve sliders; the
  exact damage distribution as bars, "at least k" curves, and a heatmap over Cover x Resolve
  (expected damage or P(at least k)), recomputed on every change (C3, C5).
* :class:`VehicleExplorer`: Cover, Shield and Resolve sliders; the C4 switch (Major only / Major
  and Minor) side by side; HP lost; a table of P(Minor), P(Major) over Shield x Resolve (C4, C5).

The chart functions (:func:`draw_damage_bars`, :func:`draw_at_least`, :func:`draw_heatmap`,
:func:`draw_expected_damage`) draw on a given ``ax`` and return their artists; the figure
scripts (``figures/fig_crush.py``) use them too.

:data:`EXPLORERS` builds each with its defaults (tests and the fuzz test use it).

Examples
--------
>>> import matplotlib.pyplot as plt
>>> ex = DamageExplorer(cover=3, resolve=4)
>>> ex.distribution.at_least(2)
Fraction(1, 2)
>>> ex.controls["resolve"].value = 6
>>> [round(b.get_height(), 4) for b in ex.bars[:3]]
[0.5787, 0.3472, 0.0694]
>>> plt.close(ex.figure)
"""

from __future__ import annotations

import html
import textwrap
from fractions import Fraction
from typing import Any, Callable, Sequence

import ipywidgets as widgets
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from ..crush import POLICIES, CrushResult, CrushScenario, CrushUnit, crush, load_crush
from ..dice import damage_distribution, expected_damage_table, hit_probability, vehicle_distribution, vehicle_table
from ..errors import StateError
from ..options import DEFAULT
from ..plot import draw_board, new_figure
from ..state import State, Unit
from .base import Explorer, pre, table_html

__all__ = [
    "CollapseExplorer",
    "DamageExplorer",
    "VehicleExplorer",
    "draw_damage_bars",
    "draw_at_least",
    "draw_heatmap",
    "draw_expected_damage",
    "heatmap_values",
    "HEATMAP_METRICS",
    "EXPLORERS",
]

MAX_COVER = 6
COVERS = tuple(range(MAX_COVER + 1))
RESOLVES = tuple(range(1, 8))
TABLE_SHIELDS = tuple(range(1, 7))
TABLE_RESOLVES = tuple(range(1, 7))

_INTACT = "#e67e22"
_COLLAPSED = "#7f8c8d"
_AFFECTED = "#c0392b"
_TOUCHING = "#2e86c1"
_CURRENT = "#f1c40f"
_PATH = "#6c3483"
_ONLY = "#2471a3"
_ALSO = "#d35400"

#: Heatmap choices of :class:`DamageExplorer`: label -> k (None: expected damage).
HEATMAP_METRICS: dict[str, int | None] = {
    "expected damage": None,
    "P(at least 1)": 1,
    "P(at least 2)": 2,
    "P(at least 3)": 3,
}


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _fr(p: Fraction) -> str:
    return f"{p} ({_pct(p)})" if p not in (0, 1) else str(p)


# --- charts (plain functions on an ax; used by the explorers and figures/fig_crush.py) ---------------


def draw_damage_bars(ax: Any, *, color: str = "#c0392b", max_k: int = MAX_COVER, width: float = 0.8, offset: float = 0.0,
                     label: str | None = None) -> tuple[list, list]:
    """Bars for damage 0..max_k (heights 0 for now) and their value texts; returns ``(bars, texts)``.

    Set heights with :func:`set_bars`; the bars are made once and changed in place.
    """
    ks = np.arange(max_k + 1)
    bars = list(ax.bar(ks + offset, np.zeros(len(ks)), width=width, color=color, label=label, zorder=2))
    texts = [ax.text(k + offset, 0, "", ha="center", va="bottom", fontsize=7) for k in ks]
    ax.set_xticks(ks)
    ax.set_xlim(-0.6, max_k + 0.6)
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("probability")
    ax.grid(axis="y", alpha=0.3, zorder=0)
    return bars, texts


def set_bars(bars: Sequence[Any], texts: Sequence[Any], probs: Sequence[Fraction | float]) -> None:
    """Give ``bars`` the heights ``probs`` (missing ones 0) and write percentages above them."""
    for i, (b, t) in enumerate(zip(bars, texts)):
        p = float(probs[i]) if i < len(probs) else 0.0
        b.set_height(p)
        t.set_position((b.get_x() + b.get_width() / 2, p + 0.01))
        t.set_text(f"{p * 100:.0f}%" if i < len(probs) and p > 0.0005 else "")


def draw_at_least(ax: Any, resolves: Sequence[int] = (2, 3, 4, 5, 6), *, max_k: int = MAX_COVER) -> dict[int, Any]:
    """One "P(damage >= k)" curve per Resolve (empty for now); returns ``{resolve: Line2D}``."""
    import matplotlib

    cmap = matplotlib.colormaps["viridis"]
    lines = {}
    for i, r in enumerate(resolves):
        (line,) = ax.plot([], [], marker="o", markersize=4, color=cmap(i / max(1, len(resolves) - 1) * 0.9),
                          label=f"Resolve {r}", zorder=3)
        lines[r] = line
    ax.set_xlim(-0.2, max_k + 0.2)
    ax.set_ylim(-0.02, 1.05)
    ax.set_xticks(range(max_k + 1))
    ax.set_xlabel("k (damage)")
    ax.set_ylabel("P(damage ≥ k)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper right")
    return lines


def set_at_least(lines: dict[int, Any], cover: int, current: int | None = None) -> None:
    """Set every curve to ``P(damage >= k)`` for k = 0..cover against its Resolve."""
    for r, line in lines.items():
        tail = damage_distribution(cover, r).at_least_table()
        line.set_data(list(tail), [float(p) for p in tail.values()])
        line.set_linewidth(3.2 if r == current else 1.2)
        line.set_alpha(1.0 if current is None or r == current else 0.55)


def heatmap_values(metric: int | None = None, covers: Sequence[int] = COVERS, resolves: Sequence[int] = RESOLVES) -> list[list[Fraction]]:
    """Exact heatmap values, rows = Cover, columns = Resolve: expected damage (``metric=None``) or
    ``P(damage >= metric)`` (C3, C5)."""
    if metric is None:
        return expected_damage_table(covers, resolves)
    return [[damage_distribution(c, r).at_least(metric) for r in resolves] for c in covers]


def draw_heatmap(ax: Any, rows: Sequence[Any], cols: Sequence[Any], *, cmap: str = "OrRd", vmax: float = 1.0,
                 xlabel: str = "", ylabel: str = "", fontsize: float = 7) -> tuple[Any, list[list[Any]], Rectangle]:
    """An empty heatmap grid with a text per cell and a frame for the current cell.

    Returns ``(image, texts[row][col], frame)``; fill it with :func:`set_heatmap`.
    """
    img = ax.imshow(np.zeros((len(rows), len(cols))), cmap=cmap, vmin=0, vmax=vmax, origin="lower", aspect="auto")
    texts = [[ax.text(j, i, "", ha="center", va="center", fontsize=fontsize) for j in range(len(cols))] for i in range(len(rows))]
    ax.set_xticks(range(len(cols)), [str(c) for c in cols])
    ax.set_yticks(range(len(rows)), [str(r) for r in rows])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    frame = Rectangle((-0.5, -0.5), 1, 1, fill=False, edgecolor="#1a1a1a", linewidth=2.5, zorder=5)
    ax.add_patch(frame)
    return img, texts, frame


def set_heatmap(img: Any, texts: list[list[Any]], values: Sequence[Sequence[float]], fmt: Callable[[float], str],
                vmax: float | None = None) -> None:
    """Put ``values`` in a heatmap made by :func:`draw_heatmap` (in place)."""
    arr = np.array([[float(v) for v in row] for row in values])
    img.set_data(arr)
    top = vmax if vmax is not None else (arr.max() if arr.size and arr.max() > 0 else 1.0)
    img.set_clim(0, top)
    for i, row in enumerate(texts):
        for j, t in enumerate(row):
            v = arr[i, j]
            t.set_text(fmt(v))
            t.set_color("white" if v > 0.6 * top else "black")


def draw_expected_damage(ax: Any, resolves: Sequence[int] = (2, 3, 4, 5, 6), covers: Sequence[int] = COVERS) -> dict[int, Any]:
    """Expected Crush damage against Cover, one line per Resolve (exact means ``Cover * p``)."""
    import matplotlib

    cmap = matplotlib.colormaps["viridis"]
    lines = {}
    table = expected_damage_table(covers, resolves)
    for j, r in enumerate(resolves):
        ys = [float(table[i][j]) for i in range(len(covers))]
        (lines[r],) = ax.plot(list(covers), ys, marker="o", color=cmap(j / max(1, len(resolves) - 1) * 0.9),
                              label=f"Resolve {r} (p = {hit_probability(r)})")
    ax.set_xlabel("pre-reduction Cover (= Crush dice)")
    ax.set_ylabel("expected damage")
    ax.set_xticks(list(covers))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return lines


# --- the collapse on a board ------------------------------------------------------------------------


def _route_options(sc: CrushScenario, vehicle: str) -> list[tuple[str, tuple]]:
    board = sc.board
    path = sc.paths[vehicle]
    piece = sc.piece()
    opts = [(f"drive across ({board.label(path[0])} → {board.label(path[-1])})", tuple(path))]
    on = [i for i, h in enumerate(path) if piece.covers(h)]
    if on and on[0] != len(path) - 1:
        stop = tuple(path[: on[0] + 1])
        opts.append((f"stop on the piece ({board.label(stop[0])} → {board.label(stop[-1])})", stop))
    return opts


class CollapseExplorer(Explorer):
    """A vehicle crosses a collapsible piece: the collapse and the Crush, step by step (C1-C4).

    Parameters
    ----------
    scenario : str or CrushScenario
        A Crush scenario (default ``"crush_hab_block"``, :func:`hexrules.crush.load_crush`).
    seed : int
        The seed of the roll (C5); "Roll again" adds 1.
    step : int or None
        The step shown first (None: the first step).

    Controls: the piece's Cover (0-6), the route (drive across, or stop on the piece: then the
    vehicle itself is affected), the damage-assignment policy (C3), the C4 switch, the seed, and
    the step (slider, "Next step"). The board shows the path, the piece (orange while intact,
    grey once collapsed), the affected units' hexes outlined red, those merely touching outlined
    blue and dashed, the unit being resolved in gold; models slain are crossed out.
    """

    def __init__(self, scenario: str | CrushScenario = "crush_hab_block", *, seed: int = 1, step: int | None = None) -> None:
        self.scenario = sc = load_crush(scenario) if isinstance(scenario, str) else scenario
        if not sc.paths:
            raise StateError(f"scenario {sc.name!r} has no vehicle path")
        self.vehicle = next(iter(sc.paths))
        self.routes = _route_options(sc, self.vehicle)
        self._syncing = False
        self._cache: dict[tuple, CrushResult] = {}
        fig, (self.ax,) = new_figure(sc.board, legend=True)
        controls = {
            "cover": widgets.IntSlider(value=min(sc.piece().cover, MAX_COVER), min=0, max=MAX_COVER, description="Cover"),
            "route": widgets.Dropdown(options=[(label, i) for i, (label, _) in enumerate(self.routes)], value=0,
                                      description="Route"),
            "policy": widgets.Dropdown(options=list(POLICIES), value="fewest_remaining", description="Assign"),
            "major_also_minor": widgets.Checkbox(value=False, description="C4: Major also Minor"),
            "seed": widgets.BoundedIntText(value=seed, min=0, max=99_999, description="Seed"),
            "reroll": widgets.Button(description="Roll again"),
            "step": widgets.IntSlider(value=0, min=0, max=1, description="Step"),
            "next": widgets.Button(description="Next step"),
        }
        super().__init__(fig, controls, title=f"Crush: {sc.name}")
        self.controls["reroll"].on_click(self._reroll)
        self.controls["next"].on_click(self._next)
        self.art = draw_board(sc.board, self._tokens(sc.units, sc.units), ax=self.ax, legend=False)
        self._legend()
        if step is not None:
            self._syncing = True
            self.controls["step"].max = max(step, 1)
            self.controls["step"].value = step
            self._syncing = False
        self.update()

    # --- controls -------------------------------------------------------------------------------

    def _on_change(self, change: Any) -> None:
        if not self._syncing:
            self.update()

    def _reroll(self, _button: Any) -> None:
        s = self.controls["seed"]
        s.value = s.value + 1 if s.value < s.max else s.min

    def _next(self, _button: Any) -> None:
        st = self.controls["step"]
        st.value = st.value + 1 if st.value < st.max else 0

    # --- model ------------------------------------------------------------------------------------

    @property
    def result(self) -> CrushResult:
        """The Crush for the current controls (cached per Cover, route, policy, switch and seed)."""
        c = self.controls
        key = (c["cover"].value, c["route"].value, c["policy"].value, c["major_also_minor"].value, c["seed"].value)
        if key not in self._cache:
            sc = self.scenario
            piece = sc.piece().replace(cover=key[0])
            options = DEFAULT.replace(crush_major_also_minor=key[3])
            self._cache[key] = crush(sc.board, piece, sc.units, self.routes[key[1]][1], vehicle=self.vehicle,
                                     seed=key[4], policy=key[2], options=options)
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[key]

    @staticmethod
    def _tokens(units: Sequence[CrushUnit], sides_from: Sequence[CrushUnit]) -> State:
        """A :class:`~hexrules.state.State` of tokens: one per living model, a square per vehicle."""
        tokens: list[Unit] = []
        seen: set = set()
        for u in units:
            side = u.side or u.name
            if u.is_vehicle:
                if u.hex not in seen:
                    tokens.append(Unit(u.name, side, u.hex, garrison=True, damage=u.major))
                    seen.add(u.hex)
                continue
            for m in u.models:
                if m.alive and m.hex not in seen:
                    tokens.append(Unit(f"{u.name}/{m.name}", side, m.hex, damage=m.damage))
                    seen.add(m.hex)
        return State(tokens)

    def _legend(self) -> None:
        handles = [
            Patch(facecolor=_INTACT, edgecolor="#6b6b6b", label="piece (intact)"),
            Patch(facecolor=_COLLAPSED, edgecolor="#6b6b6b", label="piece (collapsed)"),
            Patch(facecolor="none", edgecolor=_AFFECTED, linewidth=2, label="affected (C2)"),
            Patch(facecolor="none", edgecolor=_TOUCHING, linewidth=2, linestyle="--", label="touching only"),
            Patch(facecolor="none", edgecolor=_CURRENT, linewidth=2, label="resolving now"),
            Line2D([], [], color=_PATH, linewidth=2, label="vehicle path"),
            Line2D([], [], marker="o", linestyle="none", markerfacecolor="#888", markeredgecolor="white", markersize=8, label="model"),
            Line2D([], [], marker="s", linestyle="none", markerfacecolor="#888", markeredgecolor="black", markersize=8, label="vehicle"),
            Line2D([], [], marker="X", linestyle="none", markerfacecolor="#1a1a1a", markersize=8, label="slain"),
        ]
        sides = dict.fromkeys(u.side or u.name for u in self.scenario.units)
        from ..plot import side_colour

        for s in sides:
            handles.append(Line2D([], [], marker="o", linestyle="none", markersize=8,
                                  markerfacecolor=side_colour(s, list(sides)), markeredgecolor="white", label=s))
        self.ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)

    # --- drawing ----------------------------------------------------------------------------------

    def redraw(self) -> None:
        res = self.result
        steps = res.steps
        st = self.controls["step"]
        self._syncing = True
        try:
            if st.max != len(steps) - 1:
                if st.value > len(steps) - 1:
                    st.value = len(steps) - 1
                st.max = max(1, len(steps) - 1)
                if st.value > len(steps) - 1:
                    st.value = len(steps) - 1
        finally:
            self._syncing = False
        i = min(st.value, len(steps) - 1)
        self.step = step = steps[i]
        kinds = [s.kind for s in steps[: i + 1]]
        collapsed = "collapse" in kinds and res.collapse.collapsed
        piece = res.collapse.before
        # which units show their damage already: those whose "unit" step has been reached
        done = {s.unit for s in steps[: i + 1] if s.kind == "unit"}
        before = {u.name: u for u in res.units_before}
        shown = []
        for u in res.units_after:
            if u.name in done:
                shown.append(u)
            elif u.is_vehicle:
                shown.append(before[u.name].replace(hex=u.hex))  # moved, no damage yet
            else:
                shown.append(before[u.name])
        self.art.set_units(self._tokens(shown, res.units_before),
                           names={f"{u.name}/{m.name}": m.name for u in shown if not u.is_vehicle for m in u.models})
        slain = [m.hex for u in shown if not u.is_vehicle for m in u.models if not m.alive]
        self.art.set_markers(slain, key="slain", marker="X", color="#1a1a1a", edgecolor="white", size=0.8)
        self.art.set_fill({h: (_COLLAPSED if collapsed else _INTACT) for h in piece.hexes}, alpha=0.75)
        cover_now = 0 if collapsed else piece.cover
        taken = {u.hex for u in shown if u.is_vehicle} | {m.hex for u in shown if not u.is_vehicle for m in u.models}
        free = [h for h in piece.hexes if h not in taken]
        self.art.set_texts({free[0]: f"Cover {cover_now}"} if free else {}, key="cover", offset=(0.0, 0.42), size=0.24, color="#1a1a1a")
        self.art.set_paths([res.collapse.path], key="path", colors=_PATH, width=2.5)
        show_affected = "affected" in kinds
        units = {u.name: u for u in shown}

        def piece_hexes(name: str) -> list:
            u = units[name]
            return [h for h in u.positions() if piece.covers(h)] if not u.is_vehicle else [u.hex]

        def all_hexes(name: str) -> list:
            u = units[name]
            return [u.hex] if u.is_vehicle else [m.hex for m in u.models if m.alive]

        self.outlines = {
            "affected": self.art.set_highlight([h for n in res.affected for h in piece_hexes(n)] if show_affected else [],
                                               key="affected", color=_AFFECTED, width=3.0),
            "touching": self.art.set_highlight([h for n in res.touching for h in all_hexes(n)] if show_affected else [],
                                               key="touching", color=_TOUCHING, width=2.5, linestyle="--"),
        }
        current = []
        if step.unit and step.kind in ("die", "unit") and step.unit in units:
            current = piece_hexes(step.unit) if step.kind == "die" else list(step.hexes) or piece_hexes(step.unit)
        self.outlines["current"] = self.art.set_highlight(current, key="current", color=_CURRENT, width=3.0, inset=0.8)
        head = textwrap.shorten(step.text.splitlines()[0], 95, placeholder=" …")
        self.ax.set_title(f"step {i + 1}/{len(steps)} · {head}", fontsize=8, loc="left")
        self.explain(html_text=self._explanation(res, i))

    def _explanation(self, res: CrushResult, i: int) -> str:
        parts = []
        for j, s in enumerate(res.steps[: i + 1]):
            text = html.escape(s.text)
            parts.append(f"<b>{text}</b>" if j == i else text)
        body = '<pre class="hexrules-explanation">' + "\n".join(parts) + "</pre>"
        if i == len(res.steps) - 1 and res.resolutions:
            rows = []
            for r in res.resolutions:
                if r.vehicle:
                    took = f"{r.minor} Minor, {r.major} Major, HP {r.hp_before} → {r.hp_after}"
                else:
                    took = ", ".join(f"{m.model} {m.taken}" for m in r.assigned if m.taken) or "nothing"
                    if r.lost:
                        took += f" ({r.lost} lost)"
                rows.append({"unit": r.unit, "dice": " ".join(map(str, r.dice)) or "-",
                             "threshold": f"Shield {r.shield} / {r.shield + r.resolve}" if r.vehicle else f"Resolve {r.resolve}",
                             "damage": r.damage if not r.vehicle else "system",
                             "took": took})
            body += table_html(rows, caption="who took what")
        return body


# --- designer what-ifs ---------------------------------------------------------------------------------


def _figure(figsize: tuple[float, float], ncols: int):
    import matplotlib.pyplot as plt

    with plt.ioff():
        fig = plt.figure(figsize=figsize)
    axes = [fig.add_subplot(1, ncols, i + 1) for i in range(ncols)]
    return fig, axes


class DamageExplorer(Explorer):
    """What if: Crush damage to a non-vehicle unit for any Cover and Resolve (C2, C3, C5).

    Parameters
    ----------
    cover : int
        Pre-reduction Cover, 0..6 (= Crush dice).
    resolve : int
        The unit's Resolve, 1..7 (7: no die can reach it).
    metric : str
        The heatmap, a key of :data:`HEATMAP_METRICS`.

    The figure has three panels: the exact damage distribution (bars), "P(damage >= k)" curves
    for Resolve 2-6 (the chosen one thick), and a heatmap over Cover 0-6 x Resolve 1-7 (expected
    damage, or P(at least k)), recomputed on every change, with the chosen cell framed. The
    explanation gives the exact fractions.
    """

    def __init__(self, cover: int = 3, resolve: int = 4, metric: str = "expected damage") -> None:
        fig, (self.ax_bar, self.ax_curve, self.ax_heat) = _figure((12.5, 3.9), 3)
        fig.subplots_adjust(left=0.06, right=0.97, bottom=0.15, top=0.86, wspace=0.32)
        controls = {
            "cover": widgets.IntSlider(value=cover, min=0, max=MAX_COVER, description="Cover"),
            "resolve": widgets.IntSlider(value=resolve, min=1, max=7, description="Resolve"),
            "metric": widgets.Dropdown(options=list(HEATMAP_METRICS), value=metric, description="Heatmap"),
        }
        super().__init__(fig, controls, title="Crush what-if: a non-vehicle unit (C3)")
        self.bars, self.bar_texts = draw_damage_bars(self.ax_bar)
        self.ax_bar.set_xlabel("damage")
        self.lines = draw_at_least(self.ax_curve)
        self.img, self.cells, self.frame = draw_heatmap(self.ax_heat, COVERS, RESOLVES, xlabel="Resolve",
                                                         ylabel="pre-reduction Cover")
        self.colorbar = fig.colorbar(self.img, ax=self.ax_heat, fraction=0.05, pad=0.02)
        self.update()

    def redraw(self) -> None:
        n, r = self.controls["cover"].value, self.controls["resolve"].value
        label = self.controls["metric"].value
        metric = HEATMAP_METRICS[label]
        self.distribution = d = damage_distribution(n, r)
        set_bars(self.bars, self.bar_texts, [d[k] for k in range(n + 1)])
        self.ax_bar.set_title(f"{n} dice vs Resolve {r}: P(each die hits) = {hit_probability(r)}", fontsize=9)
        set_at_least(self.lines, n, current=r)
        self.ax_curve.set_title(f"P(damage ≥ k), Cover {n}", fontsize=9)
        self.heat = heatmap_values(metric)
        if metric is None:
            set_heatmap(self.img, self.cells, self.heat, lambda v: f"{v:.2f}".rstrip("0").rstrip("."), vmax=MAX_COVER)
        else:
            set_heatmap(self.img, self.cells, self.heat, lambda v: f"{v * 100:.0f}", vmax=1.0)
        self.ax_heat.set_title(f"{label}{' (%)' if metric else ''} over Cover × Resolve", fontsize=9)
        self.frame.set_xy((RESOLVES.index(r) - 0.5, n - 0.5))
        rows = [{"damage k": k, "P(k)": _fr(d[k]), "P(≥ k)": _fr(t)} for k, t in d.at_least_table().items()]
        head = (f"{n} Crush dice (pre-reduction Cover {n}, C2) against Resolve {r}: each die deals 1 damage on "
                f"{r}+ (C3), p = {hit_probability(r)} per die.\n"
                f"Expected damage {d.mean()} = {float(d.mean()):.3f}; damage beyond the wounds of the models "
                f"in the piece is lost (C3), so this is damage dealt, an upper bound on damage taken.")
        self.explain(html_text=pre(head) + table_html(rows, caption=d.title))


class VehicleExplorer(Explorer):
    """What if: Crush against a vehicle; the C4 switch side by side; P(Minor), P(Major) tables (C4, C5).

    Parameters
    ----------
    cover : int
        Pre-reduction Cover, 0..6.
    shield : int
        Modified Shield, 1..7 (7: no die reaches it).
    resolve : int
        The vehicle's Resolve, 1..6.
    reading : {"Major only", "Major and Minor"}
        The C4 reading used for the P(Minor) table.

    Panels: the Minor tally under both readings of C4 (a die reaching Shield + Resolve counts as
    Major only, or as Major and Minor) as side-by-side bars; HP lost (= Major results, the same
    under both readings); and a table over Shield 1-6 x Resolve 1-6 giving P(at least one Minor)
    and P(at least one Major) for the chosen Cover, coloured by P(Major), the chosen cell framed.
    """

    READINGS = ("Major only", "Major and Minor")

    def __init__(self, cover: int = 3, shield: int = 4, resolve: int = 2, reading: str = "Major only") -> None:
        fig, (self.ax_minor, self.ax_hp, self.ax_table) = _figure((13.0, 4.2), 3)
        fig.subplots_adjust(left=0.05, right=0.97, bottom=0.14, top=0.86, wspace=0.3)
        controls = {
            "cover": widgets.IntSlider(value=cover, min=0, max=MAX_COVER, description="Cover"),
            "shield": widgets.IntSlider(value=shield, min=1, max=7, description="Shield"),
            "resolve": widgets.IntSlider(value=resolve, min=1, max=6, description="Resolve"),
            "reading": widgets.ToggleButtons(options=list(self.READINGS), value=reading, description="Table"),
        }
        super().__init__(fig, controls, title="Crush what-if: a vehicle (C4)")
        self.bars_only, self.texts_only = draw_damage_bars(self.ax_minor, color=_ONLY, width=0.4, offset=-0.2,
                                                            label="Major only (default)")
        self.bars_also, self.texts_also = draw_damage_bars(self.ax_minor, color=_ALSO, width=0.4, offset=0.2,
                                                            label="Major also Minor")
        self.ax_minor.legend(fontsize=7, loc="upper right")
        self.ax_minor.set_xlabel("Minor System Damage results")
        self.bars_hp, self.texts_hp = draw_damage_bars(self.ax_hp, color="#7b241c")
        self.ax_hp.set_xlabel("HP lost (= Major results)")
        self.img, self.cells, self.frame = draw_heatmap(self.ax_table, TABLE_SHIELDS, TABLE_RESOLVES, cmap="Reds",
                                                         xlabel="Resolve", ylabel="Shield", fontsize=6)
        self.update()

    def redraw(self) -> None:
        n, s, r = (self.controls[k].value for k in ("cover", "shield", "resolve"))
        also_table = self.controls["reading"].value == "Major and Minor"
        only = vehicle_distribution(n, s, r, major_also_minor=False)
        also = vehicle_distribution(n, s, r, major_also_minor=True)
        self.distributions = (only, also)
        mo, ma = only.minor, also.minor
        set_bars(self.bars_only, self.texts_only, [mo[k] for k in range(n + 1)])
        set_bars(self.bars_also, self.texts_also, [ma[k] for k in range(n + 1)])
        for t in self.texts_only + self.texts_also:
            t.set_fontsize(5.5)
        top = s + r
        self.ax_minor.set_title(f"{n} dice vs Shield {s}: Minor on {s}+, Major on {top}+"
                                + (" (impossible)" if top > 6 else ""), fontsize=9)
        hp = only.hp_lost
        set_bars(self.bars_hp, self.texts_hp, [hp[k] for k in range(n + 1)])
        self.ax_hp.set_title(f"HP lost: mean {float(hp.mean()):.2f} (both readings)", fontsize=9)
        table = vehicle_table(n, TABLE_SHIELDS, TABLE_RESOLVES, major_also_minor=also_table)
        self.table = table
        values = [[table[(sh, re)][1] for re in TABLE_RESOLVES] for sh in TABLE_SHIELDS]
        set_heatmap(self.img, self.cells, values, lambda v: "", vmax=1.0)
        for i, sh in enumerate(TABLE_SHIELDS):
            for j, re in enumerate(TABLE_RESOLVES):
                pmi, pma = table[(sh, re)]
                cell = self.cells[i][j]
                cell.set_text(f"{float(pmi) * 100:.0f}\n{float(pma) * 100:.0f}")
                cell.set_color("white" if float(pma) > 0.6 else "black")
        self.ax_table.set_title(f"% P(Minor) over P(Major), {n} dice ({self.controls['reading'].value})", fontsize=9)
        inside = s in TABLE_SHIELDS and r in TABLE_RESOLVES
        self.frame.set_visible(inside)
        if inside:
            self.frame.set_xy((TABLE_RESOLVES.index(r) - 0.5, TABLE_SHIELDS.index(s) - 0.5))
        rows = [
            {"reading (C4)": "Major only (default)", "P(≥1 Minor)": _fr(only.p_minor()), "P(≥1 Major)": _fr(only.p_major()),
             "mean Minor": str(only.minor.mean()), "mean Major = HP lost": str(only.major.mean())},
            {"reading (C4)": "Major also Minor", "P(≥1 Minor)": _fr(also.p_minor()), "P(≥1 Major)": _fr(also.p_major()),
             "mean Minor": str(also.minor.mean()), "mean Major = HP lost": str(also.major.mean())},
        ]
        grid = []
        for sh in TABLE_SHIELDS:
            row = {"Shield \\ Resolve": sh}
            for re in TABLE_RESOLVES:
                pmi, pma = table[(sh, re)]
                row[str(re)] = f"{_pct(pmi)} / {_pct(pma)}"
            grid.append(row)
        head = (f"{n} Crush dice against a vehicle with Shield {s} and Resolve {r} (C4): each die below {s} does "
                f"nothing, {s}+ is Minor System Damage, {top}+ is Major System Damage and 1 HP lost"
                + (" (no D6 reaches it)" if top > 6 else "") + ". All dice use the Shield at the start of the Crush.")
        self.explain(html_text=pre(head) + table_html(rows, caption="the C4 switch side by side (exact)")
                     + table_html(grid, caption=f"P(≥1 Minor) / P(≥1 Major), {n} dice, {self.controls['reading'].value}"))


#: Zero-argument factories of every explorer notebook 08 shows (tests and the fuzz test use them).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "collapse": lambda: CollapseExplorer("crush_hab_block"),
    "damage": lambda: DamageExplorer(),
    "vehicle": lambda: VehicleExplorer(),
}
