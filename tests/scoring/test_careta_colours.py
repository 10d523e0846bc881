"""Cards entered without the colours that cannot matter (issue 14): a single card's score is its
number, a Cause counts suits; only an ally's validity needs colours, and the engine says which."""

from __future__ import annotations

import pytest

from scoring import careta
from scoring.careta import PASS, TRICK, Card, Match
from tests.support.scoring.careta_rulings import P3, english, game, last, refused


def test_a_card_may_leave_out_a_colour_that_does_not_count() -> None:
    five, zero = Card(5), Card(0)
    assert (five.suit, five.secondary, five.complete) == ("red", None, False)
    assert (zero.suit, zero.complete) == (None, False)
    assert Card(5, secondary="blue").complete and Card(0, suit="red").complete and TRICK.complete
    assert str(five) == "5 red" and str(zero) == "a 0"
    assert five.to_json() == {"number": 5, "suit": "red"} and zero.to_json() == {"number": 0}
    assert Card.from_json(five.to_json()) == five and Card.from_json(zero.to_json()) == zero
    assert set(five.could_be()) == {Card(5, secondary=c) for c in ("yellow", "blue", "green")}
    assert five.fits(Card(5, secondary="blue")) and not five.fits(Card(9, secondary="blue"))
    assert not Card(5, secondary="green").fits(Card(5, secondary="blue"))


def test_the_deck_limits_copies_of_a_number_whatever_the_colours() -> None:
    assert careta.is_cause([Card(5), Card(5), Card(5), Card(1)])  # three 5s, all red
    with pytest.raises(careta.RuleViolation) as err:
        careta.is_cause([Card(5), Card(5), Card(5), Card(5)])
    assert err.value.rule == "bad-card" and "three 5s" in str(err.value)
    with pytest.raises(careta.RuleViolation):
        careta.is_cause([Card(0)] * 5)  # four 0 cards only (and a hand is 4: refused first)
    with pytest.raises(careta.RuleViolation):  # a complete card twice
        careta.play_score([Card(5, secondary="blue"), Card(5, secondary="blue")], "up")
    assert careta.play_score([Card(5), Card(5, secondary="blue")], "up") == 10  # two copies


def test_only_an_allys_validity_needs_colours() -> None:
    needed = careta.play_colours_needed
    assert needed([Card(5)]) == [] and needed([Card(0)]) == [] and needed([TRICK]) == []
    assert needed([Card(5), Card(9)]) == []  # same suit: valid whatever the secondaries
    assert needed([Card(5), TRICK]) == []  # a lie whatever the colours
    assert needed([Card(5), Card(6)]) == [0, 1]
    assert needed([Card(5, secondary="yellow"), Card(6)]) == []  # yellow = 6's suit: valid
    assert needed([Card(5, secondary="blue"), Card(6)]) == [1]  # valid only if 6 is .../red|blue
    assert needed([Card(0, suit="red"), Card(6)]) == [1]
    assert careta.play_score([Card(7)], "up") == 7 and careta.play_score([Card(0)], "down") == 0
    assert careta.play_score([Card(5), Card(9)], "down") == -4
    with pytest.raises(careta.RuleViolation) as err:
        careta.play_score([Card(5), Card(6)], "up")
    assert err.value.rule == "colour-needed"
    assert str(err.value) == ("Say the colours of 5 red and 6 yellow: they decide whether the two "
                              "cards are valid allies.")


def test_cause_needs_only_a_zeros_suit_and_only_when_it_decides() -> None:
    needed = careta.cause_colours_needed
    assert needed([Card(1), Card(2), Card(3), Card(4)]) == []  # one of each suit
    assert needed([Card(0), Card(0), Card(0), Card(0)]) == []  # the four 0s: one of each suit
    assert needed([Card(1), Card(5), Card(9), Card(0)]) == [3]  # four red only if it is 0 red
    assert needed([Card(1), Card(5), Card(2), Card(0)]) == []  # two suits plus one: never
    assert careta.is_cause([Card(1), Card(6), Card(11), Card(8)])
    assert not careta.is_cause([Card(1), Card(5), Card(2), Card(0)])
    with pytest.raises(careta.RuleViolation) as err:
        careta.is_cause([Card(1), Card(5), Card(9), Card(0)])
    assert err.value.rule == "colour-needed"
    assert careta.is_cause([Card(1), Card(5), Card(9), Card(0, suit="red")])


def test_a_single_doubted_card_is_judged_by_its_number_alone() -> None:
    m = game()
    m.play("Ben", 7)
    m.doubt("Cleo", [Card(7)])
    assert m.player_state("Ben").revealed == careta.TRUTHFUL
    assert m.player_state("Ben").shown == (Card(7),)
    assert last(m)["text"] == "Cleo doubts Ben's 7 (showed 7 blue). Ben told the truth: +1."


def test_a_cause_is_judged_without_secondary_colours() -> None:
    m = Match(P3)
    m.start_set()
    m.cause("Ben", ["Cleo"], [Card(1), Card(6), Card(11), Card(8)])
    assert m.points == {"Ann": 0, "Ben": 2, "Cleo": 0}
    m.cause("Ben", ["Cleo"], [Card(1), Card(5), Card(2), Card(12)])
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 1}
    refused("colour-needed", lambda: m.cause("Ben", ["Ann"], [Card(1), Card(5), Card(9),
                                                               Card(0)]), m)


def test_an_ally_lie_by_invalid_allies_says_why_though_the_sum_was_right() -> None:
    m = game()
    m.play("Ben", 11, with_ally=True)
    m.doubt("Cleo", [Card(5, secondary="blue"), Card(6, secondary="green")])
    assert m.player_state("Ben").revealed == careta.LIED
    assert last(m)["text"] == (
        "Cleo doubts Ben's 11 (showed 5 red/blue and 6 yellow/green). Ben lied (5 red/blue and "
        "6 yellow/green are not valid allies, though they make 11): 0 (no point to lose). "
        "Cleo unmasked Ben: +1. Ben is out of this game."
    )
    assert english(careta.judge_play([Card(5), Card(9)], 14, "up")) == (careta.TRUTHFUL,
                                                                          "the cards make 14")
    assert english(careta.judge_play([Card(5), Card(9)], 10, "up")) == (
        careta.LIED, "the cards make 14, not 10")
    assert careta.judge_play([TRICK], 3, "up")[0] == careta.TRICK_SHOWN


def test_an_ally_doubt_without_the_colours_that_decide_is_refused_and_changes_nothing() -> None:
    m = game()
    m.play("Ben", 11, with_ally=True)
    error = refused("colour-needed", lambda: m.doubt("Cleo", [Card(5), Card(6)]), m)
    assert "valid allies" in str(error)
    m.doubt("Cleo", [Card(5), Card(9)])  # same suit: no colour needed, and 14 is not 11
    assert m.player_state("Ben").revealed == careta.LIED
    assert "(the cards make 14, not 11)" in last(m)["text"]


def test_an_ally_doubt_whose_numbers_show_the_lie_needs_no_colour() -> None:
    """5 and 6 make 11 up and -1 down as valid allies: stated 12 (or -3 down) is a lie whether
    or not they are valid, so no colour is asked (a trial scorer was asked "Which 5?")."""
    needed = careta.doubt_colours_needed
    assert needed([Card(5), Card(6)], 11, "up") == [0, 1]  # the colours decide: truth or lie
    assert needed([Card(5), Card(6)], 12, "up") == []
    assert needed([Card(5), Card(6)], -1, "down") == [0, 1]
    assert needed([Card(5), Card(6)], -3, "down") == []
    assert needed([Card(7)], 7, "up") == [] and needed([Card(5), TRICK], 5, "up") == []
    assert needed([Card(5, secondary="blue"), Card(6)], 11, "up") == [1]
    assert english(careta.judge_play([Card(5), Card(6)], 12, "up")) == (
        careta.LIED, "the cards make 11, not 12")
    # Colours that are known still give the sharper reason.
    assert english(careta.judge_play([Card(5, secondary="blue"), Card(6, secondary="green")],
                                     12, "up"))[1] == ("5 red/blue and 6 yellow/green are not "
                                                       "valid allies")
    for junk in ("12", 12.0, True, None):
        with pytest.raises(careta.RuleViolation) as err:
            needed([Card(5), Card(6)], junk, "up")
        assert err.value.rule == "bad-input"
    with pytest.raises(careta.RuleViolation) as err:
        needed([Card(5), Card(6)], 12, "sideways")
    assert err.value.rule == "bad-direction"

    m = game()
    m.play("Ben", 12, with_ally=True)
    m.doubt("Cleo", [Card(5), Card(6)])
    assert m.player_state("Ben").revealed == careta.LIED
    assert "Ben lied (the cards make 11, not 12)" in last(m)["text"]
    assert Match.replay(m.events).player_states == m.player_states


def test_a_card_shown_without_colour_is_completed_when_the_ally_is_shown() -> None:
    m = game()
    m.play("Ben", 5)
    m.doubt("Cleo", [Card(5)])  # truthful, Ben stays in
    m.play("Cleo", PASS)
    m.play("Ann", 3)
    m.ally("Ben", 11)
    m.doubt("Cleo", [Card(5, secondary="yellow"), Card(6, secondary="green")])  # yellow: valid
    assert m.player_state("Ben").shown == (Card(5, secondary="yellow"),
                                           Card(6, secondary="green"))
    assert m.player_state("Ben").revealed == careta.TRUTHFUL
    assert Match.replay(m.events).player_states == m.player_states


def test_ally_used_this_set_clears_when_the_set_ends() -> None:
    m = game()
    m.play("Ben", 9, with_ally=True)
    assert m.player_state("Ben").ally_used
    for _ in range(3):
        if m.phase == "direction-needed":
            m.start_game("up")
        while m.current is not None:
            m.play(m.current, PASS)
        m.end_game({p: True for p in m.unmask_needed()})
        if m.phase == "direction-needed":
            assert m.player_state("Ben").ally_used  # still this set
    assert m.phase == "set-needed"
    assert not m.player_state("Ben").ally_used  # the set is over: no ally is used yet


def test_team_standings_name_the_members_and_read_as_short_figures() -> None:
    m = Match(["Ann", "Ben", "Cleo", "Dan"],
              teams={"Team A": ["Ann", "Cleo"], "Team B": ["Ben", "Dan"]})
    assert m.standings() == [("Team A (Ann, Cleo)", "0/10"), ("Team B (Ben, Dan)", "0/10")]
