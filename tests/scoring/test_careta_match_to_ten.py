"""A five-player Careta match without teams, played to 10 points as a table would: a false Cause
doubted by three players at once, plays doubted by two and three at once (a lie and a truth),
wins with deception and with the Trick Card, and the doubt that reaches the target (K7-K9, K11).
Every figure is worked out by hand from the rulings; the engine only replays it."""

from __future__ import annotations

import pytest

from scoring.careta import TRICK, TRICK_SHOWN, Card, Match
from scoring.core import RuleViolation

PLAYERS = ["Ann", "Ben", "Cleo", "Dan", "Eve"]  # Ann deals every set: Ben starts game 1 (K4)


def game(m: Match, direction: str, stated: dict[str, int | str]) -> None:
    """A game's card round, in turn order from its starter."""
    m.start_game(direction)
    start = m.players.index(m.starter)
    for p in m.players[start:] + m.players[:start]:
        if p in stated:
            m.play(p, stated[p])


def points(m: Match) -> list[int]:
    return [m.points[p] for p in PLAYERS]


def to_nine() -> Match:
    """Two sets played: Ann 1, Ben 9, Cleo 1, Dan 6, Eve 0 (see the test for each step)."""
    m = Match(PLAYERS)
    m.start_set()
    # K9: Cleo's Cause doubted by Ann, Dan and Eve at once; her 4 cards are no Cause (three red
    # and a yellow). She has no point to lose; Dan, the first doubter after her, +1.
    m.cause("Cleo", ["Ann", "Dan", "Eve"], [Card(1), Card(5), Card(9), Card(2)])
    assert points(m) == [0, 0, 0, 1, 0]
    assert ("Cleo had no Cause: 0 (no point to lose). Dan unmasked Cleo: +1."
            in m.history[-1]["text"])
    # Game 1, UP: Eve's 7 doubted by Ann and Ben at once, a 3: Eve has none to lose and is out,
    # Ann (next after Eve) +1. Ben's 12 wins; unmasked with the Trick Card: +3 (K8).
    game(m, "up", {"Ben": 12, "Cleo": 3, "Dan": 5, "Eve": 7})
    m.doubt(["Ben", "Ann"], [Card(3)])
    m.play("Ann", 2)
    m.end_game({"Ben": [TRICK]})
    assert points(m) == [1, 3, 0, 1, 0]
    # Game 2, DOWN (Cleo starts): Dan's 4 doubted by Eve and Ben at once, truthful: Dan +1.
    # Cleo's 0 wins, truthful: +1.
    game(m, "down", {"Cleo": 0, "Dan": 4})
    m.doubt(["Eve", "Ben"], [Card(4)])
    for p, s in (("Eve", 5), ("Ann", 6), ("Ben", 7)):
        m.play(p, s)
    m.end_game({"Cleo": [Card(0)]})
    assert points(m) == [1, 3, 1, 2, 0]
    # Game 3, UP (Dan starts), Cleo says PASS: Dan's 11 wins, a lie: +2.
    game(m, "up", {"Dan": 11, "Eve": 2, "Ann": 3, "Ben": 4, "Cleo": "pass"})
    m.end_game({"Dan": False})
    assert points(m) == [1, 3, 1, 4, 0]
    # Set 2: Ben wins game 1 and 3 with the Trick Card (+3 each), Dan game 2 with a lie (+2).
    m.start_set()
    game(m, "up", {"Ben": 12, "Cleo": 1, "Dan": 2, "Eve": 3, "Ann": 4})
    m.end_game({"Ben": TRICK_SHOWN})
    game(m, "up", {"Cleo": 1, "Dan": 10, "Eve": 2, "Ann": 3, "Ben": 4})
    m.end_game({"Dan": False})
    game(m, "up", {"Dan": 1, "Eve": 2, "Ann": 3, "Ben": 12, "Cleo": 0})
    m.end_game({"Ben": "trick"})
    assert points(m) == [1, 9, 1, 6, 0]
    return m


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
