"""hexrules: a Jupyter teaching kit for the movement and damage rules of hex-board wargames.

The board is a networkx graph of hex cells (:mod:`hexrules.board`), read from scenario text
(:mod:`hexrules.scenario`, whose topic sections such as Crush's :mod:`hexrules.crush_scenario`
register when this package is imported), the changing part of a game is a small frozen
:class:`~hexrules.state.State`, every rules switch of RULES.md lives in one
frozen :class:`~hexrules.options.RulesOptions`, and the rules are functions over these
(:mod:`hexrules.movement`, ...), each checking its arguments once with :mod:`hexrules.checks`
(which also holds the kit's limits) and raising the error family of :mod:`hexrules.errors`.
Drawing (:mod:`hexrules.plot`) and widgets (:mod:`hexrules.widgets`) are imported only when
used, so ``import hexrules`` stays light.
"""

from .errors import (
    BoardError,
    ExplorerError,
    HexError,
    HexrulesError,
    HexSequenceError,
    NotAHexError,
    OptionsError,
    RuleError,
    ScenarioError,
    ScenarioFileError,
    StateError,
)
from . import checks
from .hexgrid import DIRECTIONS, FLAT, POINTY, Hex, Layout, from_label, hex_range, to_label
from .options import DEFAULT, RulesOptions
from .state import State, Unit
from .board import Board, TerrainType
from .scenario import Scenario, builtin, load_scenario, parse_scenario
from . import reading  # noqa: F401  (registers rules:, a scenario's reading of the rules)
from . import crush_scenario  # noqa: F401  (registers Crush's sections: parse_scenario knows every shipped one)
from . import diagram  # noqa: F401  (registers the diagram's sections, caption: and draw:)

__version__ = "0.1.0"

__all__ = [
    "BoardError", "HexError", "HexrulesError", "OptionsError", "RuleError", "ScenarioError", "StateError",
    "ExplorerError", "HexSequenceError", "NotAHexError", "ScenarioFileError", "checks",
    "DIRECTIONS", "FLAT", "POINTY", "Hex", "Layout", "from_label", "hex_range", "to_label",
    "DEFAULT", "RulesOptions", "State", "Unit",
    "Board", "Scenario", "TerrainType", "builtin", "load_scenario", "parse_scenario",
]
