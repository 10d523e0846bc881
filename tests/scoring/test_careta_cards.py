"""Careta's cards and the pure helpers: K1 (cards), K2 (scores), K3 (allies), K9 (Cause), K10."""

from __future__ import annotations

import json

import pytest

from scoring.careta import (
    DECK,
    PASS,
    TRICK,
    Card,
    alternate_seating,
    is_cause,
    is_valid_ally,
    play_score,
    score_range,
    suit_of,
)
from scoring.core import RuleViolation


def test_k1_the_deck_has_41_distinct_cards() -> None:
    assert len(DECK) == 41 and len(set(DECK)) == 41
    assert sum(1 for c in DECK if c.number == 0) == 4
    assert sum(1 for c in DECK if c.trick) == 1
    for n in range(1, 13):
        copies = [c for c in DECK if c.number == n]
        assert len(copies) == 3
        assert {c.suit for c in copies} == {suit_of(n)}
        assert {c.secondary for c in copies} == {"red", "yellow", "blue", "green"} - {suit_of(n)}


def test_k1_suits_follow_the_number() -> None:
    assert [suit_of(n) for n in (1, 5, 9)] == ["red"] * 3
    assert [suit_of(n) for n in (2, 6, 10)] == ["yellow"] * 3
    assert [suit_of(n) for n in (3, 7, 11)] == ["blue"] * 3
    assert [suit_of(n) for n in (4, 8, 12)] == ["green"] * 3
    card = Card(5, secondary="blue")
    assert (card.number, card.suit, card.secondary, card.trick) == (5, "red", "blue", False)
    assert Card(5, secondary="blue", suit="red") == card
    assert Card(0, suit="green").suit == "green" and Card(0, suit="green").secondary is None
    assert TRICK.trick and TRICK.number is None and TRICK.suit is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"number": 5, "secondary": "red"},  # the secondary is one of the three other colours
        {"number": 5, "secondary": "purple"},
        {"number": 5, "secondary": "blue", "suit": "yellow"},  # a 5 is red
        {"number": 13, "secondary": "blue"},
        {"number": -1, "secondary": "blue"},
        {"number": True, "secondary": "blue"},
        {"number": "5", "secondary": "blue"},
        {"number": 0, "suit": "pink"},
        {"number": 0, "suit": "red", "secondary": "blue"},  # 0 cards have no secondary colour
        {},
        {"number": 3, "secondary": "red", "trick": True},
        {"trick": "yes"},
    ],
)
def test_k1_impossible_cards_are_refused(kwargs: dict) -> None:
    with pytest.raises(RuleViolation) as err:
        Card(**kwargs)
    assert err.value.rule == "bad-card"


def test_cards_are_frozen_comparable_and_go_through_json() -> None:
    card = Card(7, secondary="green")
    with pytest.raises(AttributeError):
        card.number = 8  # type: ignore[misc]
    assert card == Card(7, secondary="green") and card != Card(7, secondary="red")
    assert len({card, Card(7, secondary="green"), TRICK}) == 2
    for c in DECK:
        assert Card.from_json(json.loads(json.dumps(c.to_json()))) == c
    assert card.to_json() == {"number": 7, "suit": "blue", "secondary": "green"}
    assert TRICK.to_json() == {"trick": True}
    assert str(card) == "7 blue/green" and str(Card(0, suit="red")) == "0 red"
    for bad in ("7", [7], {"number": 7, "colour": "green"}, None):
        with pytest.raises(RuleViolation) as err:
            Card.from_json(bad)
        assert err.value.rule == "bad-card"


def test_k3_valid_allies() -> None:
    red_blue, red_yellow = Card(5, secondary="blue"), Card(1, secondary="yellow")
    yellow_red, yellow_green = Card(2, secondary="red"), Card(6, secondary="green")
    blue_green, green_blue = Card(7, secondary="green"), Card(4, secondary="blue")
    assert is_valid_ally(red_blue, red_yellow)  # suit colours match
    assert is_valid_ally(red_blue, green_blue)  # secondary colours match
    assert is_valid_ally(red_blue, blue_green)  # suit of one = secondary of the other
    assert is_valid_ally(blue_green, red_blue)  # either way round
    assert is_valid_ally(red_yellow, yellow_green)  # secondary of one = suit of the other
    assert not is_valid_ally(yellow_green, Card(3, secondary="red"))  # yellow/green vs blue/red
    assert not is_valid_ally(yellow_red, Card(4, secondary="blue"))  # yellow/red vs green/blue
    assert is_valid_ally(Card(0, suit="red"), red_yellow)
    assert is_valid_ally(Card(0, suit="yellow"), red_yellow)  # 0 yellow vs secondary yellow
    assert not is_valid_ally(Card(0, suit="red"), Card(0, suit="blue"))
    assert not is_valid_ally(TRICK, red_blue) and not is_valid_ally(red_blue, TRICK)
    with pytest.raises(RuleViolation):
        is_valid_ally(red_blue, 5)  # type: ignore[arg-type]


def test_k2_play_scores() -> None:
    twelve, zero = Card(12, secondary="red"), Card(0, suit="red")
    assert play_score([twelve], "up") == 12 and play_score([twelve], "down") == 12
    assert play_score([zero], "down") == 0
    assert play_score([twelve, zero], "up") == 12
    assert play_score([zero, twelve], "down") == -12  # the lowest difference: -|0 - 12|
    assert play_score([twelve, Card(12, secondary="blue")], "up") == 24
    assert play_score([Card(5, secondary="blue"), Card(7, secondary="green")], "down") == -2
    assert play_score([Card(7, secondary="green"), Card(5, secondary="blue")], "down") == -2
    assert play_score([Card(5, secondary="blue"), Card(9, secondary="blue")], "down") == -4


def test_k3_trick_card_and_invalid_allies_score_none() -> None:
    assert play_score([TRICK], "up") is None
    assert play_score([TRICK, Card(5, secondary="blue")], "up") is None
    # valid sum, but 6 yellow/green and 3 blue/red are no allies: a lie whatever is stated
    assert play_score([Card(6, secondary="green"), Card(3, secondary="red")], "up") is None


@pytest.mark.parametrize(
    "cards",
    [[], [Card(1, "yellow")] * 2, [Card(1, "yellow"), Card(2, "red"), Card(3, "red")], "5"],
)
def test_impossible_plays_are_refused(cards: list) -> None:
    with pytest.raises(RuleViolation) as err:
        play_score(cards, "up")
    assert err.value.rule == "bad-card"


def test_play_score_needs_a_direction() -> None:
    with pytest.raises(RuleViolation) as err:
        play_score([TRICK], "sideways")
    assert err.value.rule == "bad-direction"


def test_k9_cause_hands() -> None:
    one_per_suit = [Card(1, "blue"), Card(2, "blue"), Card(3, "red"), Card(0, suit="green")]
    four_red = [Card(1, "blue"), Card(5, "yellow"), Card(9, "green"), Card(0, suit="red")]
    assert is_cause(one_per_suit) and is_cause(four_red)
    assert is_cause(tuple(four_red))
    # secondary colours do not count: all four secondaries red, suits yellow/blue/green/yellow
    assert not is_cause([Card(2, "red"), Card(3, "red"), Card(4, "red"), Card(6, "red")])
    assert not is_cause(four_red[:3])  # exactly 4 cards
    assert not is_cause([*four_red, Card(1, "green")])
    assert not is_cause([*four_red[:3], TRICK])  # the Trick Card has no suit
    assert not is_cause([*one_per_suit[:3], TRICK])
    with pytest.raises(RuleViolation) as err:
        is_cause([Card(1, "blue")] * 4)
    assert err.value.rule == "bad-card"


def test_k2_score_ranges() -> None:
    assert score_range("up") == range(0, 13) == score_range("down")
    assert score_range("up", with_ally=True) == range(0, 25)
    assert score_range("down", with_ally=True) == range(-12, 1)
    assert PASS == "pass"


def test_k10_alternate_seating() -> None:
    assert alternate_seating({"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}) == [
        "Ann",
        "Ben",
        "Cleo",
        "Dan",
    ]
    assert alternate_seating({"A": ["a1", "a2"], "B": ["b1", "b2"], "C": ["c1", "c2"]}) == [
        "a1",
        "b1",
        "c1",
        "a2",
        "b2",
        "c2",
    ]
    assert alternate_seating({"A": ["a1", "a2", "a3", "a4"], "B": ["b1", "b2", "b3", "b4"]}) == [
        "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"
    ]  # fmt: skip
    assert alternate_seating({}) == []
