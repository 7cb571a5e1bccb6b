"""Explorers for the Push and Pull notebooks (06, 07): every branch on the map, one stepped through.

Each explorer draws on ONE figure made at construction and changes its artists when a control
changes (see :class:`~hexrules.widgets.base.Explorer`).

* :class:`ForcedExplorer`: choose the source hex, the target and N; every branch of the Push or
  Pull is drawn at once (moves as green arrows, collisions as red stubs marked with the damage,
  board-edge steps as orange stubs), with a table of outcomes; one chosen branch is stepped
  through with a slider and previous / next / reset buttons, the target's token moving along.
* :class:`CompareForcedExplorer`: the same Push or Pull under two readings of one switch
  (P2 ``collision_damage``, P3 ``push_drop_damage_per_level``, P4 ``push_off_board``, L3
  ``pull_other_elevation``), side by side in two axes of one figure.
* :class:`MultiPushExplorer`: several units forced by one effect, one at a time in a chosen
  order (P5); each unit's branch is chosen among the outcomes left by the earlier ones.

They draw with :class:`hexrules.plot.forced.ForcedLayer` (also used by ``figures/fig_forced.py``):
it puts a :class:`~hexrules.forced.ForcedMove` on a :class:`~hexrules.plot.BoardArtists`, reusing its
artists on every call. A value a control cannot show (``kind="shove"``, ``n=9``, an unknown target,
a target on the forcing side) is refused when the explorer is built, with a
:class:`~hexrules.errors.HexrulesError` naming it. A Target control offers only the units the
source's Push or Pull can move: the enemies of the forcing side (the side of the unit on the source
hex, else of the scenario's first unit), never Garrisons (P1, L1).
:data:`EXPLORERS` builds each explorer with its default scenario.

Examples
--------
>>> import matplotlib.pyplot as plt
>>> ex = ForcedExplorer("push_knuckle_shield", n=2)
>>> len(ex.move.collisions)
4
>>> ex.controls["branch"].value = 3          # C3 -> D3 -x D2
>>> ex.controls["step"].value = 1
>>> ex.board.label(ex.shown_state.unit("RX-78-2 Gundam").hex)
'D3'
>>> plt.close(ex.figure)
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..scenario import Scenario
from ..checks import MAX_FORCED_N, show
from ..compare import ForcedComparison, compare_forced
from ..errors import HexrulesError, StateError
from ..forced import Branch, ForcedMove, MultiForced, forced
from ..hexgrid import Hex
from ..options import CHOICES, RulesOptions, check_options
from ..reading import reading
from ..plot import ForcedLayer, draw_board, legend_handle, new_figure
from ..plot.text import fit_title
from ..plot.theme import live
from ..whatif import forced_switch_acts
from ..words.whatif import idle_switch_text
from ..state import State
from ..words import forced as words
from ..words import forced_word, ordinal
from .base import (Explorer, ExplorerError, OrderPicker, TwoReadingsExplorer, cached, check_choice, check_int,
                   check_unit, hex_label, movers, pre, scenario_from, switch_controls, table_html)

__all__ = [
    "ForcedExplorer",
    "CompareForcedExplorer",
    "MultiPushExplorer",
    "FORCED_SWITCHES",
    "SWITCHES_BY_KIND",
    "forced_title",
    "KINDS",
    "MAX_N",
    "MAX_LISTED",
    "EXPLORERS",
    "first_branch",
]

#: The forced movements: ``"push"`` (P1) and ``"pull"`` (L1).
KINDS = ("push", "pull")
#: The largest N the ``n`` slider offers.
MAX_N = 4
#: The most branches a dropdown of :class:`MultiPushExplorer` lists for one unit (streamed in
#: order; Push 8 on open ground already has 1,013).
MAX_LISTED = 200

#: The switches that change Push and Pull, and the values offered for each (ruling in brackets):
#: P2, P3, P4, L3.
FORCED_SWITCHES: dict[str, tuple[Any, ...]] = {
    "push_off_board": CHOICES["push_off_board"],
    "pull_other_elevation": CHOICES["pull_other_elevation"],
    "push_drop_damage_per_level": (0, 1, 2),
    "collision_damage": (2, 1, 3),
}


#: The switches that change each kind of forced movement (the rest do nothing to it): a Push
#: never meets L3; a Pull can be stopped by P4's board edge, take P3 drop damage and collide (P2).
SWITCHES_BY_KIND: dict[str, tuple[str, ...]] = {
    "push": ("push_off_board", "push_drop_damage_per_level", "collision_damage"),
    "pull": ("pull_other_elevation", "push_off_board", "push_drop_damage_per_level", "collision_damage"),
}


def forced_title(title: str | None, kind: str, n: int, what: str) -> str:
    """An explorer's heading: ``"Push 3: <title> — <what>"``, N from the slider.

    ``title`` is the scenario's :attr:`~hexrules.scenario.Scenario.heading` (its ``title:``, else
    its name), so a scenario's title names the situation, not an N of its own.

    >>> forced_title("Zaku I's Knuckle Shield", "push", 3, "every way it can go")
    "Push 3: Zaku I's Knuckle Shield — every way it can go"
    >>> forced_title(None, "pull", 1, "two readings side by side")
    'Pull 1 — two readings side by side'
    """
    word = "Push" if kind == "push" else "Pull"
    title = (title or "").strip()
    return f"{word} {n}: {title} — {what}" if title else f"{word} {n} — {what}"


def _check_kind(kind: Any) -> str:
    return check_choice("kind", kind, KINDS)


def _check_n(n: Any, kind: str) -> int:
    return check_int("n", n, 0, MAX_N, ruling=_rule(kind))


def _rule(kind: str) -> str:
    return "P1" if kind == "push" else "L1"


def _setup(scenario: Any, kind: str, n: int, source: str | None, target: str | None) -> tuple:
    """The checked inputs every forced-movement explorer starts from.

    Returns ``(scenario, kind, n, source label, side of an empty source hex, target names, target)``:
    the targets are the units a Push or Pull from the source can move (:func:`_targets`); the
    target is None when there is none.
    """
    sc = scenario_from(scenario)
    kind = _check_kind(kind)
    n = _check_n(n, kind)
    if not len(sc.state):
        raise StateError(f"scenario {sc.name!r} has no units to {kind}")
    source = hex_label(sc.board, list(sc.state)[0].hex if source is None else source, name="source")
    side, names, target = _first_units(sc, kind, target, source)
    return sc, kind, n, source, side, names, target


def _forcing_side(sc: Scenario, source: str, empty_side: str) -> tuple[str, str | None]:
    """The side whose Push or Pull it is from hex ``source``, and the unit standing there: that
    unit's side, or, from an empty hex, ``empty_side`` (the scenario's first unit's: an effect of
    that side)."""
    at = sc.state.at(sc.board.hex(source))
    return (at.side, at.name) if at is not None else (empty_side, None)


def _targets(sc: Scenario, source: str, side: str) -> list[str]:
    """The units a Push or Pull of ``side`` from hex ``source`` can move, in state order: its
    enemies (P1, L1), not Garrisons (they never move), never the unit on ``source`` (as the board
    editor offers them: :mod:`hexrules.widgets.edit`)."""
    at = sc.state.at(sc.board.hex(source))
    return [u.name for u in sc.state
            if not u.garrison and u.side != side and (at is None or u.name != at.name)]


def _first_units(sc: Scenario, kind: str, target: Any, source: str) -> tuple[str, list[str], str | None]:
    """The first unit's side (the forcing side of an effect on an empty hex), the units a Push or
    Pull from ``source`` can move (:func:`_targets`: the enemies of the forcing side, not Garrisons)
    and the target (default: the first of them; None when there is none), checked.

    Raises
    ------
    StateError
        If no unit of the scenario moves (only Garrisons), or ``target`` is not a unit that moves.
    ExplorerError
        If ``target`` stands on ``source`` (a unit is never forced from its own hex) or is not an
        enemy of the forcing side (P1, L1).
    """
    units = list(sc.state)
    if not movers(sc.state):
        raise StateError(f"scenario {sc.name!r} has no unit to {kind}: Garrisons never move")
    side = units[0].side
    at = sc.state.at(sc.board.hex(source))
    if at is not None and isinstance(target, str) and target == at.name:
        raise ExplorerError(f"target={target!r} stands on the source hex {source}: a unit is never "
                            f"{'pushed' if kind == 'push' else 'pulled'} from its own hex", ruling=_rule(kind))
    forcing, by = _forcing_side(sc, source, side)
    names = _targets(sc, source, forcing)
    if target is None:
        return side, names, (names[0] if names else None)
    target = check_unit("target", target, movers(sc.state))
    if target not in names:
        raise ExplorerError(f"target={target!r}: {words.not_enemy_text(kind, target, source, forcing, by)}",
                            ruling=_rule(kind))
    return side, names, target


def state_at(fm: ForcedMove, branch: Branch, step: int) -> State:
    """The state shown after ``step`` steps of ``branch``: moved so far; at the end, resolved.

    At the last step the branch is resolved (:func:`hexrules.forced.resolve`): damage applied,
    or the target removed; before it, only the target's position changes.
    """
    if step >= len(branch.steps):
        return fm.resolve(branch)
    moved = [s.to for s in branch.steps[:step] if s.result == "moved"]
    return fm.state.move(branch.target, moved[-1]) if moved else fm.state


def first_branch(fm: ForcedMove) -> int:
    """The branch an explorer shows first: the first full-distance one, else the first of the most steps.

    So the step slider and the previous / next buttons have steps to walk through when the
    explorer opens (the first branch is usually "stop after 0 steps").

    Parameters
    ----------
    fm : ForcedMove

    Returns
    -------
    int
        An index into ``fm``'s branches (0 when there is only one).

    Examples
    --------
    >>> from hexrules import builtin
    >>> from hexrules.forced import push
    >>> sc = builtin("push_knuckle_shield")
    >>> fm = push(sc.board, sc.state, "Zaku I", "RX-78-2 Gundam", 2)
    >>> fm.table()[first_branch(fm)]["path"]
    'C3 -> D3 -> E3'
    """
    return _first_of(fm.branches)


def _first_of(branches: Sequence[Branch]) -> int:
    """:func:`first_branch` among ``branches`` (e.g. the ones a dropdown lists)."""
    full = [i for i, b in enumerate(branches) if b.ending == "full"]
    if full:
        return full[0]
    return max(range(len(branches)), key=lambda i: (len(branches[i].steps), -i), default=0)


def _steps_off_board(kind: str, sc: Scenario, source: str, targets: Sequence[str], side: str,
                     switches: Sequence[str]) -> list[tuple[Hex, Hex]]:
    """The steps off the board an explorer of a fixed source can draw: the last step of every branch
    that leaves the board, of each target's Push or Pull at the largest N offered (its branches hold
    every smaller N's, each stopping where the forcing player chooses, P1/L1), under every reading
    of ``switches``. The drawing leaves room for their Xs (:meth:`ForcedLayer.room`)."""
    base = reading(sc)  # the scenario's own reading, each switch offered at each of its values
    readings = {base} | {base.replace(**{k: v}) for k in switches for v in FORCED_SWITCHES[k]}
    steps: dict[tuple[Hex, Hex], None] = {}
    for target, opts in itertools.product(targets, readings):
        try:
            fm = forced(kind, sc.board, sc.state, source, target, MAX_N, side=side, options=opts)
        except HexrulesError:  # refused under this reading (P1/L1, L3): nothing drawn
            continue
        steps.update(dict.fromkeys((b.steps[-1].frm, b.steps[-1].to) for b in fm
                                   if b.attempted is not None and b.attempted not in sc.board))
    return list(steps)


def _branch_options(rows: Sequence[dict[str, Any]]) -> list[tuple[str, int]]:
    """The branch dropdown's options from a move's table (:meth:`ForcedMove.table`)."""
    return [(f"{r['#']}. {r['path']}: {r['ending']}", i) for i, r in enumerate(rows)]


def _outcomes_html(rows: Sequence[dict[str, Any]], chosen: int | None = None) -> str:
    """A move's table (:meth:`ForcedMove.table`) as HTML, the ``chosen`` branch marked ▶."""
    if chosen is not None and 0 <= chosen < len(rows):
        rows = [dict(r, **{"#": f"▶ {r['#']}"}) if i == chosen else r for i, r in enumerate(rows)]
    return table_html(rows)


# --- the main explorer -------------------------------------------------------------------------------


class ForcedExplorer(Explorer):
    """Every branch of a Push or Pull on the map, and one branch stepped through (notebooks 06, 07).

    Parameters
    ----------
    scenario : str or Scenario
        A built-in scenario name (default ``"push_knuckle_shield"``) or a scenario.
    kind : {"push", "pull"}
    source : str, optional
        The source hex label (default: the hex of the scenario's first unit).
    target : str, optional
        The unit forced: an enemy of the forcing side (default: the first of them).
    n : int
        Push N / Pull N.
    options : RulesOptions, optional
        The starting reading of the rules (default the scenario's own: its ``rules:`` section,
        :func:`hexrules.reading.reading`, else the kit's default).
    switches : tuple of str
        Switches offered as controls (keys of :data:`FORCED_SWITCHES`).
    branch : int, optional
        The branch stepped through (an index into :attr:`move`'s branches); default
        :func:`first_branch` (the first full-distance branch), shown to its end.

    Attributes
    ----------
    move : ForcedMove or None
        The outcomes shown (None when the choice is refused; the reason is in the explanation).
    shown_state : State
        The units as drawn (the chosen branch after :attr:`step` steps).

    Notes
    -----
    Controls: ``source`` (any hex: the pushing unit's, or an empty one for an effect), ``target``
    (only the units the source's Push or Pull can move: the enemies of the forcing side, not
    Garrisons, P1, L1), ``n``, one control per switch, ``branch`` (a dropdown of the outcomes),
    ``step`` (a slider), ``previous``, ``next`` and ``reset`` (buttons moving the slider). The
    forcing side is the side of the unit on the source hex, or else the first unit's side (an
    effect of that side). A new source whose side leaves the target no longer an enemy (e.g. the
    target's own hex) gives the target to the first enemy; with none, the target is empty and the
    words say why. A new source, target or N shows :func:`first_branch` of the new outcomes; a
    switch keeps the branch (the same hexes chosen) and its step when the new outcomes still have
    it. A Push or Pull the rules refuse (L3: a Pull next to the source) is shown with its ruling,
    the source still outlined on the map.

    Raises
    ------
    ExplorerError
        If ``kind`` is not ``"push"`` or ``"pull"``, ``n`` not a whole number in 0..4, ``branch``
        not one of the outcomes, ``target`` stands on ``source`` or is not an enemy of the forcing
        side, or ``scenario`` neither a name nor a Scenario.
    BoardError, HexError
        If ``source`` is not a hex of the board.
    StateError
        If ``target`` is not one of the scenario's non-Garrison units, or every unit is a Garrison.
    OptionsError
        If ``options`` is not a RulesOptions or a switch is unknown.
    """

    def __init__(
        self,
        scenario: str | Scenario = "push_knuckle_shield",
        kind: str = "push",
        source: str | None = None,
        target: str | None = None,
        n: int = 2,
        options: RulesOptions | None = None,
        switches: tuple[str, ...] = (),
        branch: int | None = None,
    ) -> None:
        sc, kind, n, source, self.side, names, target = _setup(scenario, kind, n, source, target)
        self.scenario, self.board, self.kind = sc, sc.board, kind
        self._situation = (source, target)  # the Push or Pull the scenario's title names
        self.base_options = options = check_options(reading(sc) if options is None else options)
        branch = None if branch is None else check_int("branch", branch, 0)
        switch_ctls = switch_controls(switches, options, FORCED_SWITCHES, what="Push/Pull")
        # room beyond the board's edge for the X of any step off it (any source, any target), the
        # chosen branch's too, and its label
        room = ForcedLayer.room(sc.board)
        fig, (ax,) = new_figure(sc.board, room=room)
        self._buttons = {name: widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                         for name, label in (("previous", "◀ previous"), ("next", "next ▶"), ("reset", "reset"))}
        word = "Push" if kind == "push" else "Pull"
        controls: dict[str, widgets.Widget] = {
            "source": widgets.Dropdown(options=self._source_options(), value=source, description="Source"),
            "target": widgets.Dropdown(options=names, value=target, description="Target"),
            "n": widgets.IntSlider(value=n, min=0, max=MAX_N, description=f"{word} N"),
        }
        controls.update(switch_ctls)
        controls["branch"] = widgets.Dropdown(options=[], description="Branch",
                                              layout=widgets.Layout(width="32em"))
        controls["step"] = widgets.IntSlider(value=0, min=0, max=0, description="Step")
        controls.update(self._buttons)
        handlers = {
            "branch": lambda _change: self._set_step_range(None),
            **dict.fromkeys(("source", "target", "n"), lambda _change: self._new_choice()),
            **dict.fromkeys(switch_ctls, lambda _change: self._new_reading()),
            **{name: (lambda _button, name=name: self._press(name)) for name in self._buttons},
        }
        super().__init__(fig, controls, title=forced_title(sc.heading, kind, n, f"every way the {word} can go"),
                         handlers=handlers)
        self.art = draw_board(sc.board, sc.state, ax=ax, room=room)
        self.art.legend(sc.state, ForcedLayer.legend_handles(chosen=True, ahead=True, theme=_THEME))
        self.layer = ForcedLayer(self.art)
        self.on_hex_click([self.art], self._clicked, hint=f"Click the map: an enemy becomes the Target; a hex shaded 'can end "
                          f"here' shows the way the {word} ends there; any other hex becomes the Source.")
        self.move: ForcedMove | None = None
        self._rows: list[dict[str, Any]] = []  # the move's table (ForcedMove.table), made once per move
        self.shown_state = sc.state
        self._recompute(branch=branch, step=None)
        if self.move is not None and branch is not None and branch >= len(self.move):
            self.close_figure()
            raise ExplorerError(f"branch={branch!r} is outside 0..{len(self.move) - 1} (the outcomes of this "
                                f"{'Push' if kind == 'push' else 'Pull'})")
        self.update()

    # --- controls -----------------------------------------------------------------------------

    def _press(self, name: str) -> None:
        """The previous / next / reset buttons move the step slider (one update follows)."""
        step = self.controls["step"]
        with self.quiet():
            if name == "previous":
                step.value = max(step.min, step.value - 1)
            elif name == "next":
                step.value = min(step.max, step.value + 1)
            else:
                step.value = 0

    def _clicked(self, h: Hex, _art: Any) -> None:
        """A click on a unit the Push or Pull can move (an enemy of the forcing side) makes it the
        target; on a hex where the target can end (shaded "can end here"), it shows the branch
        ending there (clicked again, the next one ending there); on any other hex (but the
        target's), it makes that hex the source."""
        unit = self.scenario.state.at(h)
        if unit is not None and unit.name != self.controls["target"].value and unit.name in self.controls["target"].options:
            self.controls["target"].value = unit.name
        elif self.move is not None and h in self.move.destinations:
            ending = [i for i, b in enumerate(self.move) if b.final == h]
            shown = self.controls["branch"].value
            later = [i for i in ending if shown in ending and i > shown]  # the shown one ends there: the next
            self.controls["branch"].value = (later or ending)[0]
        elif unit is None or unit.name != self.controls["target"].value:
            self.controls["source"].value = self.board.label(h)

    def _new_choice(self) -> None:
        """A new source, target or N: offer the matching choices, show the first branch to its end."""
        self._sync_choices()
        self._recompute(branch=None, step=None)

    def _new_reading(self) -> None:
        """A rules switch: the same branch, at the same step, if it is still an outcome."""
        shown = self.branch
        self._recompute(branch=None, step=self.controls["step"].value, keep=shown.choice if shown is not None else None)

    def _source_options(self) -> list[str]:
        """Every hex: a unit's (its Push or Pull; the target gives way if it stood there) or an empty
        one (an effect)."""
        return [self.board.label(h) for h in self.board.hexes]

    def _target_options(self, source: str) -> list[str]:
        """The units a Push or Pull from ``source`` can move: the enemies of its forcing side (P1, L1)."""
        return _targets(self.scenario, source, self._side(source))

    def _sync_choices(self) -> None:
        """Offer as target the units the source's Push or Pull can move; a target that is no longer
        one of them gives way to the first of them (none: no target, said in :meth:`_recompute`)."""
        tgt = self.controls["target"]
        options = self._target_options(self.controls["source"].value)
        with self.quiet():
            value = tgt.value
            if list(tgt.options) != options:
                tgt.options = options
            tgt.value = value if value in options else (options[0] if options else None)

    @property
    def options(self) -> RulesOptions:
        """The rules options from the switch controls."""
        changes = {n: c.value for n, c in self.controls.items() if n in FORCED_SWITCHES}
        return self.base_options.replace(**changes)

    @property
    def branch(self) -> Branch | None:
        """The branch chosen in the ``branch`` dropdown."""
        i = self.controls["branch"].value
        if self.move is None or i is None or not 0 <= i < len(self.move):
            return None
        return self.move[i]

    def _set_step_range(self, step: int | None) -> None:
        """The step slider runs over the chosen branch's steps, 0..its length, at ``step`` (None: its end)."""
        b = self.branch
        last = len(b.steps) if b is not None else 0
        self.set_slider(self.controls["step"], 0, last, last if step is None else step)

    def _recompute(self, *, branch: int | None, step: int | None, keep: tuple[Hex, ...] | None = None) -> None:
        """Compute :attr:`move` from the controls and refill the branch and step controls.

        The branch shown is the one whose hexes chosen are ``keep`` if there is one, else
        ``branch``, else :func:`first_branch`; it is shown up to ``step`` (None: to its end).
        """
        self._error: HexrulesError | None = None
        try:
            if self.controls["target"].value is None:  # the forcing side has no enemy that moves
                source = self.controls["source"].value
                side, by = _forcing_side(self.scenario, source, self.side)
                raise ExplorerError(words.no_target_text(self.kind, source, side, by), ruling=_rule(self.kind))
            self.move = forced(self.kind, self.board, self.scenario.state, self.controls["source"].value,
                               self.controls["target"].value, self.controls["n"].value,
                               side=self._side(), options=self.options)
        except HexrulesError as err:
            self.move, self._error = None, err
        self._rows = self.move.table() if self.move is not None else []  # once per move: menu and table share it
        opts = _branch_options(self._rows)
        kept = [i for i, b in enumerate(self.move or ()) if keep is not None and b.choice == keep]
        if kept:
            branch = kept[0]
        elif self.move is not None and (branch is None or keep is not None):
            branch, step = first_branch(self.move), None
        dd = self.controls["branch"]
        with self.quiet():
            dd.options = opts
            dd.value = (min(branch or 0, len(opts) - 1) if opts else None)
        self._set_step_range(step)

    def _side(self, source: str | None = None) -> str:
        """The forcing side from ``source`` (default the Source control's hex): :func:`_forcing_side`."""
        return _forcing_side(self.scenario, self.controls["source"].value if source is None else source, self.side)[0]

    # --- drawing --------------------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        """Disable a step button that cannot move the step: "previous" and "reset" at step 0,
        "next" at the branch's end (all three when nothing moves)."""
        step = self.controls["step"]
        at_start, at_end = step.value <= step.min, step.value >= step.max
        for name, off in (("previous", at_start), ("next", at_end), ("reset", at_start)):
            if self._buttons[name].disabled != off:
                self._buttons[name].disabled = off

    def _heading(self) -> str:
        """The heading: the scenario's title while Source and Target are the Push or Pull it names,
        else the source hex (its unit, or an empty hex) and the target."""
        source, target = self.controls["source"].value, self.controls["target"].value
        if (source, target) == self._situation:
            title = self.scenario.heading
        else:
            unit = self.scenario.state.at(self.board.hex(source))
            title = f"from {source} ({unit.name if unit else 'an empty hex'})" + (f" on {target}" if target else "")
        return forced_title(title, self.kind, self.controls["n"].value, f"every way the {forced_word(self.kind)} can go")

    def redraw(self) -> None:
        self._sync_buttons()
        fm = self.move
        self.set_title(self._heading())
        if fm is None:
            # the source stays outlined, the target's token where it stands: the picture agrees with the words
            self.layer.show(None, source=self.board.hex(self.controls["source"].value))
            self.shown_state = self.scenario.state
            self.art.set_units(self.shown_state)
            if self._error is not None:
                raise self._error
            return
        b = self.branch
        k = self.controls["step"].value
        self.layer.show(fm, chosen=b, step=k)
        self.shown_state = state_at(fm, b, k) if b is not None else fm.state
        self.art.set_units(self.shown_state)
        head = words.move_summary(fm)
        # the key names what the picture draws now, as its legend does
        key = ["Green arrows: moves"] if self.art.draws("paths", "forced") else []
        if self.art.draws("drawn", "forced_hit"):
            key.append("red dashed stubs with an X: collisions (label: the target's damage in that branch, as in "
                       "the table)")
        if self.art.draws("drawn", "forced_edge"):
            key.append("orange dotted stubs: the board edge")
        if any(u.damage for u in self.shown_state):  # the token's badge (BoardArtists.set_units)
            key.append("a number in a dot on a token: the damage it has taken")
        key += ["pale green: hexes where the target can end",
                "magenta: the branch chosen below (dashed: its moves still to come; its X: the step that stops it, "
                "once reached)"]
        idle = [idle_switch_text(name, RulesOptions.ruling(name), source_held=fm.by is not None)
                for name in self.controls if name in FORCED_SWITCHES and not forced_switch_acts(fm, name)]
        parts = [pre("\n".join([head, "; ".join(key) + ".", *idle])), _outcomes_html(self._rows, self.controls["branch"].value)]
        if b is not None:
            lines = b.explain().splitlines()
            shown = lines[: 1 + k]
            if k >= len(b.steps):
                shown = lines
            else:
                shown.append(f"  ... step {k} of {len(b.steps)}: press next ▶")
            parts.append(pre("\n".join(shown)))
        self.explain(html_text="".join(parts))


# --- two readings side by side ---------------------------------------------------------------------


class CompareForcedExplorer(TwoReadingsExplorer):
    """One Push or Pull under two readings of a switch, side by side (notebooks 06, 07).

    Parameters
    ----------
    scenario : str or Scenario
        Default ``"push_edge"``.
    kind : {"push", "pull"}
    switch : str
        A switch of its kind (:data:`SWITCHES_BY_KIND`; default ``"push_off_board"``, ruling P4).
    source, target : str, optional
        As in :class:`ForcedExplorer`.
    n : int
    left, right : optional
        The two values compared (default the switch's first two values).

    Attributes
    ----------
    comparison : hexrules.compare.ForcedComparison or None
        The two readings compared (:func:`hexrules.compare.compare_forced`, branches matched by
        their choice of hexes); None when the Push or Pull is refused.
    moves : list of ForcedMove
        Left and right outcomes (empty when refused).

    Notes
    -----
    Controls: ``switch``, ``left``, ``right``, ``target`` (the units the source's Push or Pull
    can move: the enemies of the forcing side, as in :class:`ForcedExplorer`; P1, L1), ``n``. On
    each side, the hexes where a branch that differs ends or collides are outlined; the text lists
    the branches whose outcome (ending, final hex, damage) differs, and those that exist under one
    reading only (:meth:`~hexrules.compare.ForcedComparison.explain`). A Push or Pull both
    readings refuse (L3) is shown with its ruling, its source outlined on both maps. The maps
    leave room beyond the board's edge only where a step of this Push or Pull can leave it (any
    target, N up to 4, any reading): a board whose two maps fill the notebook's width keeps its
    hexes' size where nothing leaves it.

    Raises
    ------
    ExplorerError
        If ``kind`` is not ``"push"`` or ``"pull"``, ``n`` not a whole number in 0..4, or
        ``target`` stands on ``source`` or is not an enemy of the forcing side.
    OptionsError
        If ``switch`` is not a switch of its kind (:data:`SWITCHES_BY_KIND`: a Push offers no
        ``pull_other_elevation``), or ``left`` / ``right`` is not a value of it.
    BoardError, HexError, StateError
        If ``source`` is not a hex of the board, ``target`` not a non-Garrison unit, or no unit is
        an enemy of the forcing side that can move (StateError).
    """

    SWITCHES = FORCED_SWITCHES  # per instance: the switches of its kind (SWITCHES_BY_KIND)
    WHAT = "Push/Pull"

    def __init__(
        self,
        scenario: str | Scenario = "push_edge",
        kind: str = "push",
        switch: str = "push_off_board",
        source: str | None = None,
        target: str | None = None,
        n: int = 2,
        left: Any = None,
        right: Any = None,
    ) -> None:
        sc, kind, n, self.source, empty_side, names, target = _setup(scenario, kind, n, source, target)
        # the side whose Push or Pull it is, as the Push/Pull explorer reads it: the unit's on the source
        # hex, else the first unit's
        self.side, by = _forcing_side(sc, self.source, empty_side)
        if target is None:  # the source is fixed: nothing to compare, ever
            raise StateError(words.no_target_text(kind, self.source, self.side, by), ruling=_rule(kind))
        self.scenario, self.board, self.kind = sc, sc.board, kind
        self.SWITCHES = {k: FORCED_SWITCHES[k] for k in SWITCHES_BY_KIND[kind]}
        self.WHAT = "Push" if kind == "push" else "Pull"
        controls = self.reading_controls(switch, left, right)
        # room beyond the board's edge only for the Xs and labels of the steps off it this Push or
        # Pull can take: the two maps side by side share the notebook's width with their hexes
        room = ForcedLayer.room(sc.board, _steps_off_board(kind, sc, self.source, names, self.side, self.SWITCHES),
                                chosen=False)
        fig, self.axes = new_figure(sc.board, ncols=2, legend="below", room=room)
        word = "Push" if kind == "push" else "Pull"
        controls.update({
            "target": widgets.Dropdown(options=names, value=target, description="Target"),
            "n": widgets.IntSlider(value=n, min=0, max=MAX_N, description=f"{word} N"),
        })
        super().__init__(fig, controls, title=forced_title(sc.heading, kind, n, "two readings side by side"))
        self.arts = [draw_board(sc.board, sc.state, ax=ax, legend=False, room=room) for ax in self.axes]
        self.arts[0].legend(sc.state, ForcedLayer.legend_handles(theme=_THEME) + [
            legend_handle("outline", "outcome differs between the readings", _COMPARE["differs"], width=3.0,
                          drawn_by=("outline", "differs"))], below=True, boards=self.arts[1:])
        self.layers = [ForcedLayer(a) for a in self.arts]
        self._compared = cached(compare_forced, kind, sc.board)  # per state, source, target, N, readings
        self.moves: list[ForcedMove] = []
        self.comparison: ForcedComparison | None = None
        self.update()

    def redraw(self) -> None:
        self.set_title(forced_title(self.scenario.heading, self.kind, self.controls["n"].value,
                                    "two readings side by side"))
        readings = self.readings()
        for art, opts in zip(self.arts, readings):
            fit_title(art.ax, self.reading_title(opts))  # within its half of the figure
        self.moves, self.comparison = [], None
        try:
            cmp = self._compared(self.scenario.state, self.source,
                                 self.controls["target"].value, self.controls["n"].value, *readings, side=self.side)
        except HexrulesError:  # the same refusal under both readings (P1/L1, L3): shown by update()
            for art, layer in zip(self.arts, self.layers):
                layer.show(None, source=self.board.hex(self.source))  # where the refused Push or Pull comes from
                art.set_highlight(None, key="differs")
            raise
        self.comparison, self.moves = cmp, list(cmp.moves)
        for art, layer, fm, where in zip(self.arts, self.layers, cmp.moves, cmp.differing_hexes):
            layer.show(fm)
            art.set_highlight([h for h in where if h in art.index], key="differs", color=_COMPARE["differs"], width=3.5,
                              inset=0.84)
        self.explain(cmp.explain(("left", "right")))


#: Colours of Push and Pull (``theme.forced``), and of the units' paths in a multi-unit Push or
#: Pull, in the order they are resolved (``theme.forced_multi``).
_THEME = live()  # the kit-wide theme (hexrules.plot.set_theme), read at each use
_FORCED = live("forced")
_MULTI = live("forced_multi")


_COMPARE = live("compare")


# --- several units (P5) -----------------------------------------------------------------------------


class MultiPushExplorer(Explorer):
    """Several units pushed (or pulled) by one effect, one at a time in a chosen order (P5).

    Parameters
    ----------
    scenario : str or Scenario
        Default ``"push_multi"``.
    kind : {"push", "pull"}
    source : str, optional
        The source: a unit name or hex label (default the first unit).
    targets : sequence of str, optional
        The units forced: enemies of the forcing side (the unit's on the source, else the first
        unit's; P1, L1), not Garrisons; default all of them.
    n : int
        Push N / Pull N. Every Push or Pull reads the rules as the scenario does (its ``rules:``
        section, :func:`hexrules.reading.reading`; else the kit's default).

    Attributes
    ----------
    result : MultiForced or None
        The resolution shown.
    listed : dict of str to (int, int)
        For each unit, ``(branches listed in its dropdown, branches it has)``.

    Notes
    -----
    Controls: ``order`` (an :class:`~hexrules.widgets.base.OrderPicker`: one dropdown per position,
    each offering the targets not placed before it, so 10 targets make 55 options, never the
    3,628,800 orders), then one dropdown per position in that order (``unit 1``, ``unit 2``...)
    listing that unit's branches as they are when its turn comes, i.e. after the earlier units
    moved: a hex an earlier unit moved into becomes a collision. A dropdown lists at most
    :data:`MAX_LISTED` branches, streamed in order (the explanation says when there are more);
    each unit's outcomes are computed once per change, on the state the earlier units left
    (one :func:`~hexrules.forced.forced` call per unit). Each unit starts on :func:`first_branch`
    of its outcomes (the first full-distance one) and keeps its choice when the order changes, as
    long as it is still one of its outcomes.

    Raises
    ------
    ExplorerError
        If ``kind`` is not ``"push"`` or ``"pull"``, ``n`` is not a whole number >= 0, or
        ``targets`` is a single string, names a unit twice, or names a unit that is not an enemy
        of the forcing side or stands on the source (P1, L1).
    BoardError, HexError
        If ``source`` is neither a unit's name nor a hex of the board.
    StateError
        If a target is not a non-Garrison unit of the scenario, or there is none (the words say why).
    """

    def __init__(
        self,
        scenario: str | Scenario = "push_multi",
        kind: str = "push",
        source: str | None = None,
        targets: Sequence[str] | None = None,
        n: int = 1,
    ) -> None:
        self.scenario = sc = scenario_from(scenario)
        self.board = sc.board
        self.kind = kind = _check_kind(kind)
        self.n = n = check_int("n", n, 0, MAX_FORCED_N, ruling="P1" if kind == "push" else "L1")
        if not len(sc.state):
            raise StateError(f"scenario {sc.name!r} has no units to {kind}")
        first = list(sc.state)[0]
        self.source = first.name if source is None else source
        if not (isinstance(self.source, str) and self.source in sc.state):
            self.source = hex_label(sc.board, self.source, name="source")
        src_unit = sc.state.unit(self.source) if self.source in sc.state else None
        self.side = src_unit.side if src_unit else first.side
        # the source hex is fixed at the start, as push_many fixes it (P5)
        self._source_hex = src_unit.hex if src_unit else sc.board.hex(self.source)
        label = sc.board.label(self._source_hex)
        enemies = _targets(sc, label, self.side)  # as ForcedExplorer offers them (P1, L1)
        if targets is None:
            targets = enemies
        elif isinstance(targets, str) or not isinstance(targets, (tuple, list)):
            raise ExplorerError(f"targets={show(targets)} is not a sequence of unit names")
        names = movers(sc.state)
        self.targets = [check_unit("target", t, names) for t in targets]
        for t in self.targets:
            if src_unit is not None and t == src_unit.name:
                raise ExplorerError(f"targets={show(list(targets))}: {t} stands on the source hex {label}: a unit "
                                    f"is never {forced_word(kind, 'ed')} from its own hex", ruling=_rule(kind))
            if t not in enemies:
                why = words.not_enemy_text(kind, t, label, self.side, src_unit.name if src_unit else None)
                raise ExplorerError(f"targets={show(list(targets))}: {why}", ruling=_rule(kind))
        if not self.targets and enemies:
            raise ExplorerError(f"targets={show(list(targets))} names no unit: give one or more of {enemies}")
        if not self.targets:
            raise StateError(words.no_target_text(kind, label, self.side, src_unit.name if src_unit else None),
                             ruling=_rule(kind))
        if len(set(self.targets)) != len(self.targets):
            raise ExplorerError(f"targets={show(list(targets))} names a unit twice")
        # room beyond the board's edge for the Xs and labels of any steps off it (a unit's steps
        # depend on where the units before it went)
        room = ForcedLayer.room(sc.board, chosen=False)
        fig, (ax,) = new_figure(sc.board, room=room)
        controls: dict[str, widgets.Widget] = {"order": OrderPicker(self.targets)}
        for i in range(len(self.targets)):
            controls[f"unit {i + 1}"] = widgets.Dropdown(options=[], description=f"Unit {i + 1}",
                                                         layout=widgets.Layout(width="28em"),
                                                         style={"description_width": "initial"})
        word = "Push" if kind == "push" else "Pull"
        super().__init__(fig, controls,
                         title=forced_title(sc.heading, kind, n, "one unit at a time, in a chosen order (P5)"),
                         handlers=dict.fromkeys(controls, lambda _change: self._resolve()))
        self.art = draw_board(sc.board, sc.state, ax=ax, room=room)
        c = _FORCED
        self.art.legend(sc.state, [
            legend_handle("outline", "source", c["source"], width=2.5, drawn_by=("outline", "forced_source")),
            legend_handle("outline", "start of a moved unit", c["start"], linestyle="--", drawn_by=("outline", "starts")),
            *(legend_handle("arrow", f"{ordinal(i + 1)} unit {word.lower()}ed", colour, width=3.0,
                            drawn_by=("paths", "chosen", colour))
              for i, colour in enumerate(list(_MULTI)[:len(self.targets)])),
            legend_handle("line", "collision (-damage)", c["hit"], linestyle="--", drawn_by=("drawn", "forced_hit")),
            legend_handle("line", "board edge", c["edge"], linestyle=":", drawn_by=("drawn", "forced_edge")),
        ])
        self.layers = [ForcedLayer(self.art)]
        self.result: MultiForced | None = None
        self.listed: dict[str, tuple[int, int]] = {}
        self._order: tuple[str, ...] | None = None
        self._resolve()
        self.update()

    def _resolve(self) -> None:
        """Resolve the units in the chosen order, refilling each unit's choices as its turn comes.

        One :func:`~hexrules.forced.forced` per unit, on the state the earlier units left; its
        branches are streamed into the dropdown (at most :data:`MAX_LISTED`), and the chosen one is
        resolved (:func:`~hexrules.forced.resolve`: its own steps replayed, not the whole tree).
        """
        order = self.controls["order"].value
        # each unit keeps its choice when the order changes (if it is still one of its outcomes)
        chosen = {name: self.controls[f"unit {i + 1}"].value for i, name in enumerate(self._order or ())}
        cur = self.scenario.state
        moves, branches, states = [], [], [cur]
        self.listed = {}
        for i, name in enumerate(order):
            dd = self.controls[f"unit {i + 1}"]
            fm = forced(self.kind, self.board, cur, self._source_hex, name, self.n, side=self.side,
                        options=reading(self.scenario))
            shown = list(itertools.islice(fm, MAX_LISTED))
            self.listed[name] = (len(shown), fm.count)
            opts = [(f"{name}: {words.path_text(b)}: {words.ending_text(b)}", b.choice) for b in shown]
            old = chosen.get(name)
            values = [v for _, v in opts]
            k = values.index(old) if old in values else _first_of(shown)
            with self.quiet():
                dd.options = opts
                dd.description = f"{i + 1}. {name}"
                dd.value = values[k]
            cur = fm.resolve(shown[k])
            moves.append(fm)
            branches.append(shown[k])
            states.append(cur)
        self._order = order
        self.result = MultiForced(self.kind, tuple(moves), tuple(branches), tuple(states))

    def redraw(self) -> None:
        r = self.result
        if r is None:
            return
        trails = [list(b.trail) for b in r.branches]
        colours = _MULTI
        self.art.set_paths(trails, key="chosen", colors=[colours[i % len(colours)] for i in range(len(trails))],
                           width=4.0)
        self.art.set_highlight([r.moves[0].source], key="forced_source", color=_FORCED["source"], width=3.5)
        self.art.set_highlight([b.start for b in r.branches if b.moved], key="starts", color=_FORCED["start"], width=2,
                               linestyle="--")
        self.layers[0].show_stubs(r.branches)
        self.art.set_units(r.state)
        more = [f"{name}: its dropdown lists the first {shown:,} of its {count:,} branches (depth first)"
                for name, (shown, count) in self.listed.items() if shown < count]
        self.explain("\n".join([r.explain(), *more]))


#: Zero-argument factories of every explorer notebooks 06, 07 and 09 show, with their default
#: scenarios (tests build each and change its controls; the latency benchmark times each).
EXPLORERS: dict[str, Callable[[], Explorer]] = {
    "push_knuckle_shield": lambda: ForcedExplorer("push_knuckle_shield", "push", n=2),
    "push_collision": lambda: ForcedExplorer("push_collision", "push", n=2, switches=("push_drop_damage_per_level",)),
    "push_edge": lambda: ForcedExplorer("push_edge", "push", n=2, switches=("push_off_board",)),
    "compare_push_edge": lambda: CompareForcedExplorer("push_edge", "push", "push_off_board"),
    "push_multi": lambda: MultiPushExplorer("push_multi", "push", n=1),
    "pull_char_zaku": lambda: ForcedExplorer("pull_char_zaku", "pull", n=1),
    "pull_other_elevation": lambda: ForcedExplorer("pull_other_elevation", "pull", target="RX-78-2 Gundam", n=2,
                                                   switches=("pull_other_elevation",)),
    "compare_pull_other_elevation": lambda: CompareForcedExplorer(
        "pull_other_elevation", "pull", "pull_other_elevation", target="GM", n=1),
    "compare_push_drop": lambda: CompareForcedExplorer("push_collision", "push", "push_drop_damage_per_level"),
    "compare_push_collision_damage": lambda: CompareForcedExplorer("push_collision", "push", "collision_damage"),
    "push_reactive_fire": lambda: ForcedExplorer("reactive_fire", n=2),
}
