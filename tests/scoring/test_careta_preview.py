"""What the screens ask Careta's engine without recording anything: the verdict of cards entered
for an unmasking (judge_cards), what ending the game would give (end_game_preview), and the cards
each player still holds (cards_in_hand, the Big scoreboard's notes). Points worked out by hand
from the rulings (K2, K3, K5-K10)."""

from __future__ import annotations

import pytest

from scoring.careta import LIED, TRICK, TRICK_SHOWN, TRUTHFUL, Card, Match
from scoring.core import RuleViolation
from tests.support.scoring.careta_rulings import english

FIVE = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


def all_played(stated: dict[str, int | str], direction: str = "up", **kw: object) -> Match:
    """A fresh match whose first game has every card down (Ben starts: Ann deals)."""
    m = Match(list(stated), **kw)  # type: ignore[arg-type]
    m.start_set()
    m.start_game(direction)
    order = m.players[1:] + m.players[:1]
    for p in order:
        m.play(p, stated[p])
    return m


def test_judge_cards_says_the_verdict_and_why_and_records_nothing() -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4})
    before = m.events
    assert english(m.judge_cards("Ben", [Card(12)])) == (TRUTHFUL, "the card makes 12")
    assert english(m.judge_cards("Ben", [Card(5)])) == (LIED, "the card makes 5, not 12")
    assert english(m.judge_cards("Ben", [TRICK])) == (
        TRICK_SHOWN, "a play with the Trick Card is always a lie")
    assert m.events == before and m.points == {"Ann": 0, "Ben": 0, "Cleo": 0}


def test_judge_cards_of_an_ally_asks_the_colours_that_decide() -> None:
    m = all_played({"Ann": 3, "Ben": 4, "Cleo": 4})
    m.ally("Ben", 11)
    with pytest.raises(RuleViolation) as refused:
        m.judge_cards("Ben", [Card(5), Card(6)])  # red and yellow: the secondaries decide (K3)
    assert refused.value.rule == "colour-needed"
    assert english(m.judge_cards("Ben", [Card(5, secondary="yellow"),
                                         Card(6, secondary="green")])) == (
        TRUTHFUL, "the cards make 11")
    verdict, why = m.judge_cards("Ben", [Card(5, secondary="blue"), Card(6, secondary="green")])
    assert (verdict, str(why)) == (LIED, "5 red/blue and 6 yellow/green are not valid allies, "
                                    "though they make 11")


@pytest.mark.parametrize("cards, rule", [
    ([Card(5), Card(6)], "bad-card"),  # one card was played
    ([Card(5), Card(5), Card(5), Card(5)], "bad-card"),
    ("12", "bad-card"),
])
def test_judge_cards_refuses_cards_that_cannot_be_the_play(cards: object, rule: str) -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4})
    before = m.events
    with pytest.raises(RuleViolation) as refused:
        m.judge_cards("Ben", cards)  # type: ignore[arg-type]
    assert refused.value.rule == rule and m.events == before


def test_judge_cards_refuses_a_pass_and_a_stranger() -> None:
    m = all_played({"Ann": 3, "Ben": "pass", "Cleo": 4})
    with pytest.raises(RuleViolation, match="PASS"):
        m.judge_cards("Ben", [Card(3)])
    with pytest.raises(RuleViolation) as refused:
        m.judge_cards("Zed", [Card(3)])
    assert refused.value.rule == "unknown-player"


@pytest.mark.parametrize("truth, text, ben", [
    ([Card(12)], "Unmasked, Ben told the truth.", 1),
    ([Card(7)], "Unmasked, Ben lied (the card makes 7, not 12). Won with deception: +1.", 2),
    ([TRICK], "The Trick Card: +1.", 3),
    (False, "Won with deception: +1.", 2),
])
def test_the_preview_is_the_entry_end_game_then_records(truth: object, text: str,
                                                        ben: int) -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4})
    before = m.events
    preview = m.end_game_preview({"Ben": truth})
    assert m.events == before and m.points["Ben"] == 0 and not m.can_redo
    assert text in preview["text"] and preview["changes"] == {"Ben": ben}
    m.end_game({"Ben": truth})
    assert m.history[-1] == preview


def test_the_preview_refuses_what_end_game_refuses() -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4})
    with pytest.raises(RuleViolation) as refused:
        m.end_game_preview({})
    assert refused.value.rule == "unmask-needed"
    with pytest.raises(RuleViolation) as refused:
        m.end_game_preview({"Ben": [Card(5), Card(6)]})
    assert refused.value.rule == "bad-card"


def test_the_preview_says_the_match_would_end() -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4}, target=2)
    preview = m.end_game_preview({"Ben": False})
    assert preview["text"].endswith("Ben wins the match with 2 points.")
    assert not m.is_over


def test_cards_in_hand_over_a_set() -> None:
    m = Match(["Ann", "Ben", "Cleo"])
    assert m.cards_in_hand() == {} and m.standing_notes == {}  # nothing dealt yet
    m.start_set()
    assert m.cards_in_hand() == {"Ann": 4, "Ben": 4, "Cleo": 4}
    m.cause("Cleo", ["Ann"], False)  # K9: a new hand of 4
    m.start_game("up")
    m.play("Ben", 7)
    m.play("Cleo", 5, with_ally=True)  # card and ally at once
    assert m.cards_in_hand() == {"Ann": 4, "Ben": 3, "Cleo": 2}
    m.doubt(["Ben"], False)  # Cleo is out after playing: her cards are on the table
    m.play("Ann", "pass")
    m.ally("Ben", 11)
    assert m.cards_in_hand() == {"Ann": 3, "Ben": 2, "Cleo": 2}
    m.end_game({"Ben": True})
    assert m.cards_in_hand() == {"Ann": 3, "Ben": 2, "Cleo": 2}
    assert english(m.standing_notes) == {"Ann": "3 cards in hand", "Ben": "2 cards in hand",
                                         "Cleo": "2 cards in hand"}
    for _ in range(2):
        m.start_game("down")
        for p in m.players[m.players.index(m.starter):] + m.players[:m.players.index(m.starter)]:
            m.play(p, 4)
        m.end_game()  # a three-way tie: no unmasking
    assert m.cards_in_hand() == {}  # K4: unplayed cards are discarded
    m.start_set()
    assert set(m.cards_in_hand().values()) == {4}
    m.undo()
    assert m.cards_in_hand() == {}


def test_a_teams_note_names_each_members_hand() -> None:
    m = Match(["Ann", "Ben", "Cleo", "Dan"], teams={"Suns": ["Ann", "Cleo"],
                                                     "Moons": ["Ben", "Dan"]})
    m.start_set()
    m.start_game("up")
    m.play("Ben", 3)
    notes = {str(team): note for team, note in english(m.standing_notes).items()}
    assert notes == {"Suns (Ann, Cleo)": "in hand: Ann 4 and Cleo 4",
                     "Moons (Ben, Dan)": "in hand: Ben 3 and Dan 4"}
    assert set(m.standing_notes) == {s.name for s in m.standing_figures()}


def test_no_cards_in_hand_once_the_match_is_over() -> None:
    m = all_played({"Ann": 3, "Ben": 12, "Cleo": 4}, target=1)
    m.end_game({"Ben": True})
    assert m.is_over and m.cards_in_hand() == {} and m.standing_notes == {}
