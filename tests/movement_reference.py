"""The movement step rules as written before ``_Mover`` read precomputed lookups: the reference
that tests/test_movement_core.py checks the movement core against, and that
benchmarks/bench_workbench.py times it against (not a test module). Its J1 climb is RULES.md's
formula written out here, not the kit's: a fault in the kit's one copy shows against it."""

from __future__ import annotations

from hexrules.movement import _Mover


def j1_climb(s: int, ea: int, eb: int, reading: str) -> int:
    """The climb of a step from elevation ``ea`` to ``eb`` in a movement begun at ``s``, as RULES.md
    J1 writes it (not the kit's code): ``max(0, elev(b) - max(s, elev(a)))``; the alternative reading
    charges ``max(0, elev(b) - elev(a))`` whenever ``elev(b) > s``. With ``s = 0``: M1's climb."""
    if reading == "above_start":
        return max(0, eb - max(s, ea))
    return max(0, eb - ea) if eb > s else 0


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
        climb = 0 if self.flat else j1_climb(self.s, el[a], el[b], self.options.jump_climb)  # M5 "ignores": no climb
        terrain = self.board.terrains[b].cost if self.terrain_on_enter else 0
        return 1, climb, terrain

    def weight(self, a, b, _data):
        if self.refusal(a, b) is not None:
            return None
        return sum(self.parts(a, b))
