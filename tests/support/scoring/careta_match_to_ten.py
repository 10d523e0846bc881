"""Helpers of tests/scoring/test_careta_match_to_ten.py that other tests share: to_nine."""

from __future__ import annotations

from scoring.careta import TRICK, TRICK_SHOWN, Card, Match

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
