"""Careta played at random: only legal actions (chosen from what the Match says is allowed),
invariants after every action, replay equal to live play, undo/redo all the way, and
hypothesis properties: points never negative, a refused action changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.careta import DECK, PASS, TRICK, Card, Match
from scoring.core import RuleViolation
from tests.support.scoring.careta_playout import NAMES, Chooser, check_invariants, playout, state


@pytest.mark.parametrize("seed", range(200))
def test_seeded_random_playout(seed: int) -> None:
    m = playout(Chooser(rng=random.Random(seed)), cap=600, undo_checks=seed % 4 == 0)
    assert m.is_over, f"seed {seed} did not finish in 600 actions"


def test_playouts_cover_every_action_and_outcome() -> None:
    kinds: set[str] = set()
    texts = ""
    for seed in range(40):
        m = playout(Chooser(rng=random.Random(1000 + seed)), cap=600, undo_checks=False)
        kinds |= {e["type"] for e in m.events[1:]}
        texts += " ".join(h["text"] for h in m.history)
    assert kinds == {"start_set", "start_game", "play", "ally", "decline_ally", "doubt", "cause",
                     "end_game"}  # fmt: skip
    for phrase in ("Won with deception", "The Trick Card: +1", "no point to lose", "tie at",
                   "had Cause", "had no Cause", "told the truth", "wins the match"):  # fmt: skip
        assert phrase in texts, phrase


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_property_points_never_negative_and_replay_equals_live(data: Any) -> None:
    playout(Chooser(data=data), cap=60, undo_checks=False)


# -- any refused action changes nothing -----------------------------------------------------------

WILD_NAMES = st.sampled_from([*NAMES, "Zed", "", None, 3])
WILD_SCORES = st.one_of(st.integers(-30, 30), st.sampled_from([PASS, "7", 7.0, True, None, [7]]))
WILD_CARD = st.one_of(
    st.sampled_from(DECK),
    st.sampled_from([{"number": 5, "secondary": "red"}, {"number": 0}, "5", 5, {"trick": 1}]),
)
WILD_TRUTH = st.one_of(
    st.sampled_from([True, False, "trick", None, "yes", 1, 0]),
    st.lists(WILD_CARD, max_size=5),
)
WILD_DOUBTERS = st.one_of(WILD_NAMES, st.lists(WILD_NAMES, max_size=4))


@st.composite
def wild_actions(draw: Any) -> tuple[str, tuple, dict]:
    kind = draw(st.sampled_from(
        ["start_set", "start_game", "play", "ally", "decline_ally", "doubt", "cause", "end_game"]
    ))  # fmt: skip
    if kind == "start_set":
        return kind, (), {}
    if kind == "start_game":
        return (
            kind,
            (draw(st.sampled_from(["up", "down", "UP", "", None])),),
            {"player": draw(WILD_NAMES)},
        )
    if kind == "play":
        return kind, (draw(WILD_NAMES), draw(WILD_SCORES)), {"with_ally": draw(st.booleans())}
    if kind == "ally":
        return kind, (draw(WILD_NAMES), draw(WILD_SCORES)), {}
    if kind == "decline_ally":
        return kind, (draw(WILD_NAMES),), {}
    if kind == "doubt":
        return kind, (draw(WILD_DOUBTERS), draw(WILD_TRUTH)), {}
    if kind == "cause":
        return kind, (draw(WILD_NAMES), draw(WILD_DOUBTERS), draw(WILD_TRUTH)), {}
    unmask = draw(st.one_of(
        st.none(),
        st.dictionaries(st.sampled_from([*NAMES, "Zed"]), WILD_TRUTH, max_size=3),
        st.dictionaries(st.sampled_from([1, None]), WILD_TRUTH, max_size=1),
        WILD_TRUTH,
    ))  # fmt: skip
    return kind, (unmask,), {}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.lists(wild_actions(), min_size=1, max_size=8))
def test_property_refused_action_changes_nothing(data: Any, wild: list) -> None:
    m = playout(Chooser(data=data), cap=data.draw(st.integers(0, 40)), undo_checks=False)
    for kind, args, kwargs in wild:
        before = (m.events, state(m), m.history, m.points, m.phase)
        try:
            getattr(m, kind)(*args, **kwargs)
        except RuleViolation as err:
            assert err.rule and str(err)
            assert (m.events, state(m), m.history, m.points, m.phase) == before
        else:
            assert len(m.events) == len(before[0]) + 1
            check_invariants(m)
            again = Match.replay(json.loads(json.dumps(m.events)))
            assert state(again) == state(m)


def test_a_doubt_with_the_trick_card_in_an_unrelated_play_is_still_checked() -> None:
    # a reveal that contradicts cards shown earlier is refused by the rules, not by this driver
    m = Match(["Ann", "Ben"])
    m.start_set()
    m.start_game("up")
    m.play("Ben", 3)
    m.doubt("Ann", [Card(3, secondary="red")])
    m.play("Ann", 4)
    m.ally("Ben", 9)
    with pytest.raises(RuleViolation) as err:
        m.doubt("Ann", [TRICK, Card(6, secondary="red")])
    assert err.value.rule == "bad-card"
    m.doubt("Ann", [TRICK, Card(3, secondary="red")])
    assert m.player_state("Ben").revealed == "trick" and m.points == {"Ann": 1, "Ben": 0}
