"""My Favorite Carrera RS: seeded random playouts and property tests over reachable positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scoring.carrera import CARDS, FACE_DOWN, Match
from scoring.core import RuleViolation
from tests.support.scoring.carrera_playout import (
    NAMES,
    check_invariants,
    playout,
    random_action,
    state,
    view,
)

SEEDS = 70  # per ties mode


@pytest.mark.parametrize("ties", ["ask", "first", "last"])
def test_random_playouts_keep_every_invariant_and_end(ties: str) -> None:
    rounds, ties_seen, face_down_refills = [], 0, 0
    for seed in range(SEEDS):
        m = playout(seed, ties)
        rounds.append(m.round_no)
        history = [h["text"] for h in m.history]
        ties_seen += sum(" tie" in t for t in history)
        face_down_refills += sum("face down, refills" in t for t in history)
    # the playouts reach the interesting cases, so the invariants were tested on them
    assert max(rounds) >= 4 and min(rounds) >= 2
    assert ties_seen > 20 and face_down_refills > 100


# -- refused actions change nothing ---------------------------------------------------------------


def reach(seed: int, steps: int, ties: str) -> Match:
    rng = random.Random(seed)
    m = Match(NAMES[: 3 + seed % 3], ties=ties)
    for _ in range(steps):
        if m.is_over:
            break
        random_action(m, rng)
    return m


ANY_CARD = st.one_of(
    st.sampled_from([*CARDS, FACE_DOWN]),
    st.sampled_from([*CARDS, FACE_DOWN]),
    st.sampled_from(["6", "4", "down ", "", None, 2, "4a"]),
)
CURRENT = "<current>"  # stands for whoever is to play in the reached position
ANY_PLAYER = st.sampled_from([None, None, CURRENT, CURRENT, *NAMES, "Zed"])


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 100),
    ties=st.sampled_from(["ask", "first", "last"]),
    action=st.one_of(
        st.tuples(st.just("play"), ANY_CARD, st.integers(-2, 8), ANY_PLAYER),
        st.tuples(st.just("play"), ANY_CARD, st.integers(-2, 8), ANY_PLAYER),
        st.tuples(st.just("resolve_tie"), ANY_PLAYER),
    ),
)
def test_a_refused_action_changes_nothing(seed: int, steps: int, ties: str, action: tuple) -> None:
    m = reach(seed, steps, ties)
    events, before, inner = m.events, view(m), state(m)
    who = m.current if action[-1] == CURRENT else action[-1]
    try:
        if action[0] == "play":
            m.play(action[1], action[2], player=who)
        else:
            m.resolve_tie(who)
    except RuleViolation as err:
        event(f"refused: {err.rule}")
        assert err.rule in {
            "not-your-turn", "suit-taken", "not-enough-fuel", "fuel-face-down", "bad-card",
            "bad-fuel", "tie-pending", "match-over", "no-tie", "not-tied",
        }
        assert str(err).endswith((".", "!"))
        assert m.events == events and view(m) == before and state(m) == inner
    else:
        event("accepted")
        assert len(m.events) == len(events) + 1
        check_invariants(m)
        m.undo()
        assert m.events == events and view(m) == before


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_legal_cards_and_max_fuel_agree_with_play(seed: int, steps: int) -> None:
    """The picker's options are exactly what `play` accepts, fuel up to `max_fuel` included."""
    m = reach(seed, steps, "ask")
    if m.current is None:
        return
    legal = m.legal_cards()
    for card in (*CARDS, FACE_DOWN):
        top = m.max_fuel(card)
        for fuel in range(0, top + 2):
            try:
                m.play(card, fuel)
            except RuleViolation as err:
                assert card not in legal or fuel > top, err
            else:
                assert card in legal and fuel <= top
                if card != FACE_DOWN:
                    speed = m.speeds[m.trick[-1]["player"]] if m.trick else None
                    assert speed is None or speed >= fuel
                m.undo()
