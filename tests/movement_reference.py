"""The movement step rules as written before ``_Mover`` read precomputed lookups: the reference
that tests/test_movement_core.py checks the movement core against, and that
benchmarks/bench_workbench.py times it against (not a test module)."""

from __future__ import annotations

from hexrules.movement import _climb, _Mover


class ReferenceMover(_Mover):
    """One step's refusal and cost rule by rule (M1 adjacency, T1 impassable, M3 / J2 occupants,
    E3 stop, J1 climb or none for a Garrison under M5's "ignores", T1 terrain cost), evaluated on every call."""

    def refusal(self, a, b):
        board = self.board
        if a.distance(b) != 1:
            return "not adjacent", "M1"
        if not board.terrains[b].passable:
            return "impassable", "T1"
        occ = self.occupied.get(b)
        if occ is not None:
            if occ.side == self.unit.side:
                if not self.options.allies_pass_through:
                    return "ally blocks", "M3"
            elif not (self.s >= 1 and board.elevations[b] < self.s):
                return "enemy blocks", ("J2" if self.s >= 1 else "M3")
        if self.stop_when_engaged and a != self.start and self.newly_engaged(a):
            return "must stop", "E3"
        return None

    def parts(self, a, b):
        el = self.board.elevations
        climb = 0 if self.flat else _climb(self.s, el[a], el[b], self.options)  # M5 "ignores": no climb
        terrain = self.board.terrains[b].cost if self.terrain_on_enter else 0
        return 1, climb, terrain

    def weight(self, a, b, _data):
        if self.refusal(a, b) is not None:
            return None
        return sum(self.parts(a, b))
