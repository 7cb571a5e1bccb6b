"""The rulebook diagrams as diagram files (:mod:`hexrules.diagram`): the figures of ``figures/``."""
