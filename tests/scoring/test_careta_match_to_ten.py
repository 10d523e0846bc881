"""A five-player Careta match without teams, played to 10 points as a table would: a false Cause
doubted by three players at once, plays doubted by two and three at once (a lie and a truth),
wins with deception and with the Trick Card, and the doubt that reaches the target (K7-K9, K11).
Every figure is worked out by hand from the rulings; the engine only replays it."""

from __future__ import annotations

import pytest

from scoring.careta import Card, Match
from scoring.core import RuleViolation
from tests.support.scoring.careta_match_to_ten import game, points, to_nine


def test_a_false_cause_and_several_doubters_to_ten_points() -> None:
    m = to_nine()
    m.start_set()
    # Set 3: Ben's 12 doubted by Ann, Cleo and Dan at once, and true: +1, 10 points (K11).
    game(m, "up", {"Ben": 12})
    m.doubt(["Dan", "Ann", "Cleo"], [Card(12)])
    assert points(m) == [1, 10, 1, 6, 0]
    assert m.is_over and m.winners == ["Ben"] and m.phase == "match-over"
    assert m.history[-1]["text"].endswith("Ben told the truth: +1. Ben wins the match with "
                                          "10 points.")
    assert m.final_scores == {"Ann": 1, "Ben": 10, "Cleo": 1, "Dan": 6, "Eve": 0}
    assert m.cards_in_hand() == {}
    with pytest.raises(RuleViolation) as refused:
        m.play("Cleo", 3)
    assert refused.value.rule == "match-over"
    assert Match.replay(m.events).history == m.history


def test_the_lie_of_several_doubted_goes_to_the_first_after_the_liar() -> None:
    """Doubters named in any order: the point goes to the first after the liar in turn order
    (K7), here Cleo after Ben, though Eve and Ann were named first."""
    m = to_nine()
    m.start_set()
    game(m, "up", {"Ben": 12})
    m.doubt(["Eve", "Ann", "Cleo"], False)
    assert points(m) == [1, 8, 2, 6, 0]
    assert "Cleo unmasked Ben: +1. Ben is out of this game." in m.history[-1]["text"]
    assert not m.is_over
