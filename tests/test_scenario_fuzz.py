"""The scenario-text fuzzer in the suite (issue 11, "Tests to add"), seeded and bounded (about half
a minute here): nothing but a ScenarioError (at a line and column inside the text) escapes the
reader, and every accepted text round-trips (``parse(to_text(s)) == s``,
``to_text(parse(to_text(s))) == to_text(s)``, the compact text too, never longer than the text read).

The fuzzer itself (grammar-aware generators and mutations) is ``tests/scenario_fuzz.py``; run it
alone for longer runs: ``python tests/scenario_fuzz.py --texts 20000 --seed 7``.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from scenario_fuzz import Counts, check_text, designer_text, mutate, random_scenario, run, shipped_texts

from hexrules.errors import ScenarioError
from hexrules.scenario import parse_scenario

#: Texts the seeded run tries (a third valid designer texts, the rest mutated shipped or designer texts).
FUZZ_TEXTS = 2500
SEED = 11
SETTINGS = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
randoms = st.randoms(use_true_random=False)


def test_fuzzed_texts_are_refused_with_a_scenario_error_or_round_trip(capsys):
    counts = run(FUZZ_TEXTS, SEED)
    with capsys.disabled():
        print(f"\nscenario text fuzz, seed {SEED}: {counts}")
    assert counts.tried == FUZZ_TEXTS
    assert counts.accepted > FUZZ_TEXTS // 4 and counts.family > FUZZ_TEXTS // 4  # both outcomes well exercised
    assert not counts.other, counts.problems()
    assert not counts.round_trip, counts.problems()


@SETTINGS
@given(randoms)
def test_scenarios_built_from_the_grammar_round_trip(rng):
    sc = random_scenario(rng)
    text = sc.to_text()
    again = parse_scenario(text, source="random.hex")
    assert again == sc
    assert again.to_text() == text
    compact = sc.to_text(compact=True)
    assert parse_scenario(compact) == sc and len(compact) <= len(text)


@SETTINGS
@given(randoms)
def test_designer_texts_read_as_the_scenario_they_write(rng):
    sc = random_scenario(rng)
    counts = Counts()
    check_text(designer_text(sc, rng), counts, expected=sc)
    assert counts.accepted == 1, counts.problems()
    assert not counts.round_trip, counts.problems()


@SETTINGS
@given(randoms, st.sampled_from(shipped_texts()))
def test_mutated_shipped_scenarios_are_refused_or_round_trip(rng, text):
    counts = Counts()
    check_text(mutate(text, rng), counts)
    event("refused with a ScenarioError" if counts.family else "accepted: its round trip checked")
    assert not counts.other and not counts.round_trip, counts.problems()


LINES = ["map:", "units:", "garrisons:", "pieces:", "squads:", "vehicles:", "paths:", "name: x", "title: t",
         "orientation: flat", "terrain: mud symbol=m cost=2", "  0 0 1~", "   0 X -", "  G side=a at=A1",
         "    m at=B1 wounds=2", "  V at=A1 shield=4 resolve=2 hp=3", "  V A1 B1", '  "a b" side="c d" at=B1',
         '  "', '  a"b', "  a:b side=x at=A1", "\u2028", "\x0c", "\r", "  at=", "  at=,", "  advance=²", "# c"]


@SETTINGS
@given(st.lists(st.sampled_from(LINES), max_size=12), st.sampled_from(["\n", "\r\n", "\r", "\u2028"]))
def test_texts_of_grammar_lines_are_refused_or_round_trip(lines, eol):
    counts = Counts()
    check_text(eol.join(lines), counts)
    event("refused with a ScenarioError" if counts.family else "accepted: its round trip checked")
    assert not counts.other and not counts.round_trip, counts.problems()


def test_the_fuzzer_counts_what_must_not_happen(monkeypatch):
    # its checks can fail: another exception, an error outside the text, a round trip that differs
    import scenario_fuzz

    counts = Counts()
    check_text("hello\n", counts)
    assert (counts.tried, counts.family) == (1, 1)
    monkeypatch.setattr(scenario_fuzz, "parse_scenario", lambda text, source: int("\u00b2"))
    check_text("map:\n  0\n", counts)
    assert counts.other[-1][1].startswith("ValueError: invalid literal for int()")

    def refuse_at_line_9(text, source):
        raise ScenarioError("no", source=source, line=9)

    monkeypatch.setattr(scenario_fuzz, "parse_scenario", refuse_at_line_9)
    check_text("map:\n  0\n", counts)
    assert "not in the text" in counts.other[-1][1]
    monkeypatch.undo()
    sc = random_scenario(random.Random(0))
    check_text(sc.to_text(), counts, expected=sc.replace(name="another"))
    assert (counts.accepted, len(counts.round_trip)) == (1, 1) and "name" in counts.round_trip[0][1]
