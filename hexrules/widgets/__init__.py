"""Interactive explorers (ipywidgets + matplotlib) that the notebooks show in one line.

Each topic has its own module, imported only when used (``import hexrules`` imports neither
ipywidgets nor matplotlib):

* :mod:`hexrules.widgets.base`: :class:`~hexrules.widgets.base.Explorer`, the base class: one
  matplotlib figure made once, a dict of ordinary ipywidgets controls, an explanation area, and
  :meth:`~hexrules.widgets.base.Explorer.update`, which changes the existing artists;
* :mod:`hexrules.widgets.movement`: movement, elevation, Engagement, Jumping, Speed and terrain
  (notebooks 01-05);
* :mod:`hexrules.widgets.forced`: Push and Pull (notebooks 06-07);
* :mod:`hexrules.widgets.crush`: Crush (notebook 08);
* :mod:`hexrules.widgets.exercise`: :class:`~hexrules.widgets.exercise.Exercise`, the "predict,
  then check" widget of every lesson (it wraps a question of :mod:`hexrules.exercise`).

Every topic module (movement, forced, crush) defines ``EXPLORERS``, ``{name: zero-argument factory}``, which tests use to
build every explorer with its default scenario.

Example (in a notebook, after ``%matplotlib widget``)::

    from hexrules.widgets.movement import ReachExplorer
    ReachExplorer("elevation")
"""
