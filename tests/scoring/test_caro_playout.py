"""Caro, played out: seeded random games for 2, 3 and 4 players, checked against an independent
whole-table model of the rules after every action, replayed, undone and redone; and a hypothesis
property that a refused action changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import caro
from scoring.core import RuleViolation
from tests.support.scoring.caro_playout import NAMES, SEEDS_WITH_PASSES, playout, state

# -- an independent model: the rules as facts about the whole table --------------------------------


# -- helpers ---------------------------------------------------------------------------------------


# -- the playouts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_playouts(players: int) -> None:
    ended = set()
    for seed in range(40):
        m = playout(players, seed, mixed=False, sweeping=seed % 20 == 0, undo_redo=seed % 20 == 1)
        ended.add(m.ended_by)
        assert all(not t["forced"] and not t["penalty"] for t in m.turns)
    assert "all-laid" in ended


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_with_rule_breaks_and_forced_lays(players: int) -> None:
    seen = {"penalty": 0, "forced": 0, "passed": 0, "blocked": 0, "shared": 0}
    for seed in range(100, 130):
        m = playout(players, seed, mixed=True, sweeping=seed % 15 == 0, undo_redo=seed % 15 == 1)
        seen["penalty"] += any(t["penalty"] for t in m.turns)
        seen["forced"] += any(t["forced"] for t in m.turns)
        seen["passed"] += bool(m.passed)
        seen["blocked"] += m.ended_by == "blocked"
        seen["shared"] += len(m.winners) > 1
    assert seen["penalty"] > 20 and seen["forced"] > 20, seen


@pytest.mark.parametrize("players, mixed, seed", SEEDS_WITH_PASSES)
def test_playouts_with_passes(players: int, mixed: bool, seed: int) -> None:
    m = playout(players, seed, mixed=mixed, sweeping=True, undo_redo=True)
    assert m.passed
    said = [name for h in m.history for name in m.players
            if f" {name} cannot lay and passes." in h["text"]
            or f" {name} has no caro left and passes." in h["text"]]
    assert said == m.passed


# -- property: a refused action changes nothing ----------------------------------------------------

ACTIONS = st.tuples(
    st.sampled_from(["lay", "lay", "lay", "force", "break", "undo"]),
    st.sampled_from(list(caro.COLOURS) + ["pink"]),
    st.integers(-4, 4),
    st.integers(-4, 4),
    st.sampled_from([None, "Ann", "Ben"]),
)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 4), actions=st.lists(ACTIONS, max_size=40))
def test_refused_actions_leave_events_and_state_unchanged(players: int, actions: list) -> None:
    m = caro.Match(NAMES[:players])
    for kind, colour, r, c, who in actions:
        before, events = state(m), m.events
        expected = m.violations(colour, (r, c)) if kind == "lay" and who in (None, m.current) \
            else None
        try:
            if kind == "lay":
                m.lay(colour, (r, c), player=who)
            elif kind == "force":
                m.lay(colour, (r, c), force=True, player=who)
            elif kind == "break":
                m.rule_break(colour, player=who)
            else:
                m.undo()
        except RuleViolation as err:
            assert m.events == events and state(m) == before
            if expected is not None:
                assert expected and err.rule == expected[0].rule
        else:
            assert expected in (None, [])
            assert len(m.history) == len(m.events) - 1
