"""Interactive explorers (ipywidgets + matplotlib) that the notebooks show in one line.

Each topic has its own module, imported only when used (``import hexrules`` imports neither
ipywidgets nor matplotlib):

* :mod:`hexrules.widgets.base`: :class:`~hexrules.widgets.base.Explorer`, the base class: one
  matplotlib figure made once, a dict of ordinary ipywidgets controls with a handler each
  (``handlers=``; :meth:`~hexrules.widgets.base.Explorer.quiet` sets controls without their
  callbacks), an explanation area, and :meth:`~hexrules.widgets.base.Explorer.update`, which
  changes the existing artists; :class:`~hexrules.widgets.base.TwoReadingsExplorer`, whose
  subclasses show a :mod:`hexrules.compare` comparison side by side;
* :mod:`hexrules.widgets.movement`: movement, elevation, Engagement, Jumping, Speed and terrain
  (notebooks 01-05);
* :mod:`hexrules.widgets.forced`: Push and Pull (notebooks 06-07);
* :mod:`hexrules.widgets.crush`: Crush (notebook 08);
* :mod:`hexrules.widgets.edit`: the designer's board editor, with the rules live on the board
  being edited (notebook 10);
* :mod:`hexrules.widgets.whatif`: what each reading changes on a scenario, and the sweep over
  generated boards (notebook 10);
* :mod:`hexrules.widgets.exercise`: :class:`~hexrules.widgets.exercise.Exercise`, the "predict,
  then check" widget of every lesson (it wraps a question of :mod:`hexrules.exercise`).

Every topic module defines ``EXPLORERS``, ``{name: zero-argument factory}``, which tests use to
build every explorer with its default scenario (the widget fuzz finds the modules itself and fails
for one without it).

Example (in a notebook, after ``%matplotlib widget``)::

    from hexrules.widgets.movement import ReachExplorer
    ReachExplorer("elevation")
"""
