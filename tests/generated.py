"""Hypothesis strategies over the seeded board generator, shared by the property tests (not a
test module): ``specs`` draws a small :class:`~hexrules.generate.BoardSpec`, :func:`scenario`
draws its board for a seed (None when its units do not fit, one per hex)."""

from __future__ import annotations

from hypothesis import strategies as st

from hexrules.errors import StateError
from hexrules.generate import BoardSpec, generate

specs = st.builds(
    BoardSpec,
    columns=st.integers(2, 9), rows=st.integers(2, 8), max_elevation=st.integers(0, 3),
    hills=st.sampled_from([0.0, 0.3, 0.6]), roughness=st.sampled_from([0.0, 0.5, 1.0]),
    water=st.sampled_from([0.0, 0.1, 0.2]), impassable=st.sampled_from([0.0, 0.1, 0.2]),
    units_per_side=st.integers(1, 3), garrisons=st.integers(0, 2), cluster=st.integers(1, 3),
    advance=st.integers(0, 5), dash=st.integers(0, 3),
)


def scenario(spec, seed):
    """``generate(spec, seed)``, or None when more units than enterable hexes (M3)."""
    try:
        return generate(spec, seed)
    except StateError:
        return None
