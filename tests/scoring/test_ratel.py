"""Ratel: the rulebook's examples and rulings R1-R7 as scripted games."""

from __future__ import annotations

import json

import pytest

from scoring import ratel
from scoring.core import RuleViolation
from scoring.ratel import Match

P3 = ["Ann", "Ben", "Cleo"]
P4 = ["Ann", "Ben", "Cleo", "Dan"]
P5 = ["Ann", "Ben", "Cleo", "Dan", "Eli"]


def run(m: Match, *moves: str) -> None:
    """Moves like "Ann 2x-3" or "Ben pass"; the name is passed as player= so a wrong turn fails."""
    for move in moves:
        name, action = move.split()
        if action == "pass":
            m.pass_turn(player=name)
        else:
            count, value = action.split("x")
            m.play(int(count), int(value), player=name)


def refused(rule: str, action, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        action(*args, **kwargs)
    assert err.value.rule == rule, str(err.value)
    return err.value


def told(entry: dict | None) -> dict | None:
    """A history entry, last trick or last round without its "said" (the data behind "text",
    checked to read as "text")."""
    if entry is None:
        return None
    assert str(entry["said"]) == entry["text"]
    return {k: v for k, v in entry.items() if k != "said"}


def cards_conserved(m: Match) -> bool:
    return sum(m.hands.values()) + m.trick_cards + m.discarded == 10 * len(m.players)


# -- set-up (R1) -----------------------------------------------------------------------------


def test_setup_defaults_and_start_state() -> None:
    m = Match(P3)
    assert m.events[0] == {
        "type": "setup",
        "game": "ratel",
        "players": P3,
        "starter": "Ann",
        "mode": "damage",
        "penalty_limit": 15,
    }
    assert (Match.GAME, Match.TITLE, Match.PLAYERS) == ("ratel", "Ratel", range(2, 7))
    assert m.hands == {"Ann": 10, "Ben": 10, "Cleo": 10}
    assert (m.current, m.leader, m.round_no, m.escaped, m.trick, m.passed) == (
        "Ann",
        "Ann",
        1,
        [],
        [],
        [],
    )
    assert m.damage == m.penalties == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert not m.is_over and m.winners == [] and m.losers == [] and m.loser is None
    assert m.history == [] and m.last_trick is None and m.last_round is None
    assert m.standings() == [("Ann", "0 damage"), ("Ben", "0 damage"), ("Cleo", "0 damage")]
    assert m.damage_to_lose == 2 and Match(P3, mode="short").damage_to_lose == 1
    assert Match(P3, mode="penalty").damage_to_lose is None


@pytest.mark.parametrize(
    "kwargs, rule",
    [
        ({"players": ["Ann"]}, "player-count"),
        ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "player-count"),
        ({"players": ["Ann", "ann"]}, "bad-players"),
        ({"players": P3, "starter": "Zed"}, "unknown-player"),
        ({"players": P3, "mode": "long"}, "bad-option"),
        ({"players": P3, "mode": "penalty", "penalty_limit": 0}, "bad-option"),
        ({"players": P3, "penalty_limit": "15"}, "bad-option"),
        ({"players": P3, "penalty_limit": True}, "bad-option"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, rule: str) -> None:
    refused(rule, Match, **kwargs)


def test_six_players_and_a_named_starter() -> None:
    m = Match(["A", "B", "C", "D", "E", "F"], starter="D")
    assert m.current == m.leader == m.starter == "D" and sum(m.hands.values()) == 60


@pytest.mark.parametrize("value", [0, 6, -6, 2.0, "3", True, None])
def test_r1_values_are_minus_five_to_plus_five_without_zero(value) -> None:
    m = Match(P3)
    err = refused("bad-value", m.play, 1, value)
    assert "−5 to −1 and +1 to +5" in str(err)
    assert m.legal_values(1) == [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("count", [0, -1, 7, 1.0, True, "2"])
def test_r1_a_play_is_one_to_six_copies(count) -> None:
    m = Match(P3)
    refused("bad-count", m.play, count, 1)
    assert m.legal_values(7) == [] and m.legal_values(0) == []
    m.play(6, 1)
    assert m.hands["Ann"] == 4


# -- plays and passes (R2) ---------------------------------------------------------------------


def test_r2_the_leader_of_an_empty_trick_must_play() -> None:
    m = Match(P3)
    err = refused("must-play", m.pass_turn)
    assert "Ann leads this trick and must play" in str(err)
    assert not m.can_pass and m.need_count is None and m.min_value == -5
    m.play(2, -3)
    assert m.can_pass and m.current == "Ben"


def test_r2_same_count_and_strictly_higher_value() -> None:
    m = Match(P3)
    run(m, "Ann 2x-3")
    assert m.need_count == 2 and m.min_value == -2
    assert m.legal_values(2) == [-2, -1, 1, 2, 3, 4, 5]
    assert m.legal_values(1) == [] and m.legal_values(3) == []
    assert m.options() == {2: [-2, -1, 1, 2, 3, 4, 5]}
    err = refused("wrong-count", m.play, 3, 4)
    assert str(err) == "This trick is played 2 at a time: Ben must play 2 cards, not 3."
    err = refused("not-higher", m.play, 2, -3)
    assert str(err) == "−3 does not beat Ann's 2 x −3: play a higher value or pass."
    refused("not-higher", m.play, 2, -4)
    run(m, "Ben 2x+5")
    assert m.min_value is None and m.legal_values(2) == [] and m.options() == {}
    assert m.trick == [
        {"player": "Ann", "count": 2, "value": -3},
        {"player": "Ben", "count": 2, "value": 5},
    ]


def test_r2_a_player_who_passed_may_play_again() -> None:
    m = Match(P3)
    run(m, "Ann 1x-5", "Ben pass", "Cleo 1x-4")
    assert m.passed == [] and m.current == "Ann"
    run(m, "Ann pass")
    assert m.passed == ["Ann"] and m.current == "Ben"
    run(m, "Ben 1x-1", "Cleo pass", "Ann pass")
    assert m.last_trick["winner"] == "Ben" and m.current == m.leader == "Ben"


def test_play_checks_in_the_documented_order() -> None:
    m = Match(P3)
    # not-your-turn before bad-value
    refused("not-your-turn", m.play, 0, 0, player="Ben")
    # bad-value before bad-count
    refused("bad-value", m.play, 9, 0)
    # bad-count before not-enough-cards: Ann holds 10, 7 copies do not exist
    refused("bad-count", m.play, 7, 1)
    m = Match(["Ann", "Ben"])
    run(m, "Ann 6x-1", "Ben pass")  # Ann discards 1: 3 left
    run(m, "Ann 1x-5", "Ben 1x-4", "Ann pass")  # Ben discards 4: 5 left; Ann 2
    run(m, "Ben 3x-3")
    assert m.hands == {"Ann": 2, "Ben": 2} and m.current == "Ann"
    # not-enough-cards before wrong-count (4 cards: too many and the wrong count)
    refused("not-enough-cards", m.play, 4, 5)
    # wrong-count before not-higher
    refused("wrong-count", m.play, 1, -5)
    err = refused("not-enough-cards", m.play, 3, 5)
    assert str(err) == "Ann holds 2 cards, so cannot play 3 x +5."
    assert m.options() == {}


def test_match_over_comes_first() -> None:
    m = Match(["Ann", "Ben"], mode="short")
    m.record_round(order=["Ann", "Ben"])
    assert m.is_over and m.current is None and m.leader is None
    err = refused("match-over", m.play, 0, 0, player="Zed")
    assert str(err) == "The match is over: Ben loses; Ann wins."
    refused("match-over", m.pass_turn, player="Zed")
    refused("match-over", m.record_round, order=["Ann"])
    assert m.options() == {} and m.legal_values(1) == [] and not m.can_pass
    assert not m.can_record_round and m.min_value is None


def test_not_your_turn_names_both_players() -> None:
    m = Match(P3)
    err = refused("not-your-turn", m.play, 1, 1, player="Cleo")
    assert str(err) == "It is Ann's turn, not Cleo's."
    m.play(1, 1, player="Ann")
    refused("not-your-turn", m.pass_turn, player="Ann")
    m.pass_turn(player="Ben")
    assert m.events[-1] == {"type": "pass", "player": "Ben"}
    m.pass_turn()
    assert m.events[-1] == {"type": "pass", "player": "Cleo"}  # the resolved player is recorded


# -- the rulebook's examples (step 2) ---------------------------------------------------------


def test_example_plus_three_takes_three_of_the_other_played_cards() -> None:
    # "-5, -4, -2, +2, +3 and the player who played +3 wins: he adds 3 cards from the cards
    # played (excluding +3) to his hand."
    m = Match(P5)
    run(m, "Ann 1x-5", "Ben 1x-4", "Cleo 1x-2", "Dan 1x+2", "Eli 1x+3")
    assert m.trick_cards == 5 and m.passed == []
    run(m, "Ann pass", "Ben pass", "Cleo pass", "Dan pass")
    assert told(m.last_trick) == {
        "winner": "Eli",
        "count": 1,
        "value": 3,
        "taken": 3,
        "discarded": 0,
        "escaped": [],
        "leader": "Eli",
        "round_over": False,
        "text": "Eli wins with +3 and takes 3 cards.",
    }
    assert m.hands == {"Ann": 9, "Ben": 9, "Cleo": 9, "Dan": 9, "Eli": 12}
    assert m.discarded == 2 and m.trick == [] and m.current == m.leader == "Eli"
    assert m.history[-1]["text"] == "Dan passes. Eli wins the trick with 1 x +3 and takes 3 cards."
    assert cards_conserved(m)


def test_example_plus_five_takes_all_when_fewer_are_left() -> None:
    # "-4 (2 cards), -2 (2 cards), +5 (2 cards): he adds 5 cards ... If there are fewer than 5
    # cards, they add all available cards." Four are available.
    m = Match(P3)
    run(m, "Ann 2x-4", "Ben 2x-2", "Cleo 2x+5", "Ann pass", "Ben pass")
    assert m.last_trick["taken"] == 4 and m.hands == {"Ann": 8, "Ben": 8, "Cleo": 12}
    assert m.last_trick["text"] == "Cleo wins with +5 and takes 4 cards."
    assert m.discarded == 2 and cards_conserved(m)
    assert m.history[-1]["text"] == "Ben passes. Cleo wins the trick with 2 x +5 and takes 4 cards."


def test_example_minus_one_discards_one_card() -> None:
    # "-4 (3 cards), -3 (3 cards), -1 (3 cards) and the player who played -1 wins: he discards
    # a card face up of his choice from his hand."
    m = Match(P3)
    run(m, "Ann 3x-4", "Ben 3x-3", "Cleo 3x-1", "Ann pass", "Ben pass")
    assert m.last_trick["discarded"] == 1 and m.last_trick["taken"] == 0
    assert m.hands == {"Ann": 7, "Ben": 7, "Cleo": 6} and m.discarded == 10
    assert (
        m.history[-1]["text"] == "Ben passes. Cleo wins the trick with 3 x −1 and discards 1 card."
    )


def test_example_minus_five_with_only_three_cards_left_discards_them_all() -> None:
    # "-5 (4 cards) and all the players pass ... he discards 5 cards ... As he only has 3 cards,
    # he discards all of them face up." Ann first gets down to 7 cards.
    m = Match(P3)
    run(m, "Ann 2x-1", "Ben pass", "Cleo pass")
    assert m.hands["Ann"] == 7 and m.current == "Ann"
    run(m, "Ann 4x-5", "Ben pass", "Cleo pass")
    assert m.last_trick["discarded"] == 3 and m.hands["Ann"] == 0
    assert m.last_trick["text"] == "Ann wins with −5 and discards 3 cards."
    assert m.last_trick["escaped"] == ["Ann"] and m.last_trick["leader"] == "Ben"
    assert m.escaped == ["Ann"] and m.current == m.leader == "Ben"  # R4: Ann escaped
    assert m.history[-1]["text"] == (
        "Cleo passes. Ann wins the trick with 4 x −5 and discards 3 cards. Ann escapes. "
        "Ben leads the next trick."
    )
    assert cards_conserved(m)


# -- trick ends (R3) ----------------------------------------------------------------------------


def test_r3_plus_with_no_other_cards_in_the_trick_takes_nothing() -> None:
    m = Match(P3)
    run(m, "Ann 2x+4", "Ben pass", "Cleo pass")
    assert m.last_trick["taken"] == 0 and m.hands["Ann"] == 8 and m.discarded == 2
    assert m.history[-1]["text"] == (
        "Cleo passes. Ann wins the trick with 2 x +4 and has no cards to take."
    )


def test_r3_a_player_out_of_cards_is_skipped_and_can_still_win() -> None:
    m = Match(P3)
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass")  # Ann escapes, Ben leads
    run(m, "Ben 2x-5", "Cleo 2x-4", "Ben pass")  # Cleo discards 4: 4 left; Ben 8
    run(m, "Cleo 4x-2")
    assert m.hands["Cleo"] == 0 and m.current == "Ben"
    assert m.history[-1]["text"] == "Cleo plays 4 x −2 and has no cards left."
    run(m, "Ben 4x-1")  # Ben keeps 4; Cleo holds nothing, so nobody else holds cards
    assert m.last_trick["winner"] == "Ben"  # R3: the play wins at once
    # Ben discards 1 -> 3 cards; Cleo escapes; Ben is the last holding cards: 1 damage
    assert told(m.last_round) == {
        "round": 1,
        "tracked": True,
        "escaped": ["Ann", "Cleo"],
        "damaged": "Ben",
        "penalties": {},
        "leader": "Ben",
        "text": "Ben takes 1 damage (1 in total).",
    }


def test_r3_the_last_cards_win_when_everyone_else_passes() -> None:
    m = Match(P3)
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass")  # Ann out, Ben leads
    run(m, "Ben 2x-5", "Cleo 2x-4", "Ben pass")  # Cleo 4, Ben 8
    run(m, "Cleo 4x-2")
    assert m.passed == [] and m.current == "Ben"
    run(m, "Ben pass")  # the only other player holding cards passed: Cleo wins, discards 0
    assert m.last_trick["winner"] == "Cleo" and m.last_trick["discarded"] == 0
    assert m.last_round["damaged"] == "Ben" and m.last_round["escaped"] == ["Ann", "Cleo"]
    assert m.damage == {"Ann": 0, "Ben": 1, "Cleo": 0}


def test_r3_a_play_wins_at_once_when_nobody_else_holds_cards() -> None:
    m = Match(["Ann", "Ben"])
    run(m, "Ann 6x-1", "Ben pass")  # Ann 3
    run(m, "Ann 3x+1", "Ben 3x+2")  # Ann has 0 and is skipped: Ben wins at once, takes 2
    assert m.last_trick["winner"] == "Ben" and m.last_trick["taken"] == 2
    assert m.last_round["escaped"] == ["Ann"] and m.last_round["damaged"] == "Ben"
    assert m.round_no == 2 and m.hands == {"Ann": 10, "Ben": 10} and m.current == "Ben"
    assert m.history[-1]["text"] == (
        "Ben plays 3 x +2. Ben wins the trick with 3 x +2 and takes 2 cards. Ann escapes. "
        "Ben takes 1 damage (1 in total). Round 2: Ben leads."
    )


def test_r3_winning_plus_on_last_cards_takes_cards_back_and_stays_in() -> None:
    m = Match(P3)
    run(m, "Ann 6x-1", "Ben pass", "Cleo pass")  # Ann 3
    run(m, "Ann 1x-5", "Ben 1x-4", "Cleo pass", "Ann pass")  # Ben discards 4: Ben 5, Ann 2
    run(m, "Ben 2x-3", "Cleo pass", "Ann 2x+3")  # Ann played her last two cards
    assert m.hands["Ann"] == 0 and m.current == "Ben"
    run(m, "Ben pass", "Cleo pass")
    # Ann wins with +3: takes min(3, 2) = 2 cards back, so she does not escape
    assert m.last_trick["taken"] == 2 and m.hands["Ann"] == 2 and m.escaped == []
    assert m.current == m.leader == "Ann"


# -- escapes and leaders (R4) --------------------------------------------------------------------


def test_r4_several_escape_in_turn_order_from_the_winner() -> None:
    m = Match(P4)
    run(m, "Ann 4x-5", "Ben pass", "Cleo pass", "Dan 4x-4")
    run(m, "Ann pass", "Ben pass", "Cleo pass")  # Dan discards 4: 2 left; Ann 6
    run(m, "Dan 1x-5", "Ann 1x-4", "Ben pass", "Cleo pass", "Dan pass")  # Ann discards 4: 1
    assert m.hands == {"Ann": 1, "Ben": 10, "Cleo": 10, "Dan": 1} and m.current == "Ann"
    run(m, "Ann 1x-3", "Ben pass", "Cleo pass", "Dan 1x-2", "Ben 1x-1", "Cleo pass")
    assert m.last_trick["winner"] == "Ben" and m.last_trick["discarded"] == 1
    assert m.escaped == ["Dan", "Ann"]  # from Ben: Cleo, Dan, Ann
    assert m.current == m.leader == "Ben" and m.hands == {"Ann": 0, "Ben": 8, "Cleo": 10, "Dan": 0}
    assert m.history[-1]["text"] == (
        "Cleo passes. Ben wins the trick with 1 x −1 and discards 1 card. Dan and Ann escape."
    )


def test_r4_an_escaped_winner_hands_the_lead_to_the_next_holder() -> None:
    m = Match(P4, starter="Cleo")
    run(m, "Cleo 6x-5", "Dan pass", "Ann pass", "Ben pass")
    assert m.escaped == ["Cleo"] and m.current == m.leader == "Dan"
    assert m.last_trick["leader"] == "Dan"
    run(m, "Dan 6x-5", "Ann pass", "Ben pass")  # Cleo is skipped
    assert m.escaped == ["Cleo", "Dan"] and m.current == "Ann"


# -- damage games (R5) ------------------------------------------------------------------------


def test_r5_last_holder_takes_damage_leads_next_round_and_two_damage_lose() -> None:
    m = Match(P3)
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass", "Ben 6x-5", "Cleo pass")
    assert m.damage == {"Ann": 0, "Ben": 0, "Cleo": 1} and m.round_no == 2
    assert m.hands == {"Ann": 10, "Ben": 10, "Cleo": 10} and m.escaped == []
    assert m.current == m.leader == "Cleo" and m.trick == [] and m.discarded == 0
    assert m.last_trick["round_over"] and m.last_trick["leader"] == "Cleo"
    assert told(m.history[-1]) == {
        "text": "Cleo passes. Ben wins the trick with 6 x −5 and discards 4 cards. Ben escapes. "
        "Cleo takes 1 damage (1 in total). Round 2: Cleo leads.",
        "changes": {"Cleo": 1},
        "player": "Cleo",
        "round": 1,
    }
    assert m.standings() == [("Ann", "0 damage"), ("Ben", "0 damage"), ("Cleo", "1 damage")]
    # R7: the app tracks counts; the round above used 12 copies of -5, which it does not check
    run(m, "Cleo 6x-5", "Ann pass", "Ben pass", "Ann 6x-5", "Ben pass")
    assert m.damage == {"Ann": 0, "Ben": 1, "Cleo": 1} and m.current == "Ben" and m.round_no == 3
    run(m, "Ben 6x-5", "Cleo pass", "Ann pass", "Cleo 6x-5", "Ann pass")
    assert m.damage == {"Ann": 1, "Ben": 1, "Cleo": 1} and not m.is_over
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass", "Ben 6x-5", "Cleo pass")
    assert m.is_over and m.damage["Cleo"] == 2 and m.round_no == 4
    assert m.winners == ["Ann", "Ben"] and m.losers == ["Cleo"] and m.loser == "Cleo"
    assert m.current is None and m.leader is None
    assert m.history[-1]["text"].endswith(
        "Cleo takes 1 damage (2 in total). Game over: Cleo loses; Ann and Ben win."
    )
    assert m.last_round["leader"] is None and m.last_trick["leader"] is None
    assert m.standings()[-1] == ("Cleo", "2 damage")
    assert m.ahead == ["Ann", "Ben"]


def test_r5_short_game_one_damage_loses() -> None:
    m = Match(P3, mode="short")
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass", "Ben 6x-5", "Cleo pass")
    assert m.is_over and m.winners == ["Ann", "Ben"] and m.loser == "Cleo"
    assert m.round_no == 1 and m.hands == {"Ann": 0, "Ben": 0, "Cleo": 10}
    assert m.escaped == ["Ann", "Ben"]


def test_r5_last_players_escaping_together_take_no_damage() -> None:
    m = Match(P3)
    run(m, "Ann 6x-5", "Ben pass", "Cleo pass")  # Ann out
    run(m, "Ben 2x-5", "Cleo 2x-4", "Ben pass")  # Cleo 4, Ben 8
    run(m, "Cleo 2x-5", "Ben 2x-4", "Cleo pass")  # Ben discards 4: 2; Cleo 2
    assert m.hands == {"Ann": 0, "Ben": 2, "Cleo": 2} and m.current == "Ben"
    run(m, "Ben 2x-3", "Cleo 2x-2")  # both play their last cards: Cleo wins at once
    assert m.damage == {"Ann": 0, "Ben": 0, "Cleo": 0} and m.round_no == 2
    assert told(m.last_round) == {
        "round": 1,
        "tracked": True,
        "escaped": ["Ann", "Cleo", "Ben"],
        "damaged": None,
        "penalties": {},
        "leader": "Cleo",
        "text": "The last players escaped together: nobody takes damage.",
    }
    assert m.current == m.leader == "Cleo"
    assert told(m.history[-1]) == {
        "text": "Cleo plays 2 x −2 and has no cards left. Cleo wins the trick with 2 x −2 and "
        "has no cards to discard. Cleo and Ben escape. The last players escaped together: "
        "nobody takes damage. Round 2: Cleo leads.",
        "changes": {},
        "player": "Cleo",
        "round": 1,
    }


# -- the penalty variant (R6) --------------------------------------------------------------------


def test_r6_round_ends_at_first_escape_and_others_score_their_hands() -> None:
    m = Match(P3, mode="penalty")
    run(m, "Ann 3x-2", "Ben 3x+1", "Cleo pass", "Ann pass")  # Ben takes 1: 8; Ann 7
    run(m, "Ben 6x-5", "Cleo pass", "Ann pass")  # Ben discards min(5, 2) = 2: out
    assert m.penalties == {"Ann": 7, "Ben": 0, "Cleo": 10}
    assert told(m.last_round) == {
        "round": 1,
        "tracked": True,
        "escaped": ["Ben"],
        "damaged": None,
        "penalties": {"Ann": 7, "Cleo": 10},
        "leader": "Ben",
        "text": "Penalty points: Ann +7 and Cleo +10.",
    }
    assert m.round_no == 2 and m.current == m.leader == "Ben" and m.escaped == []
    assert m.hands == {"Ann": 10, "Ben": 10, "Cleo": 10} and m.damage == {
        "Ann": 0,
        "Ben": 0,
        "Cleo": 0,
    }
    assert m.history[-1]["changes"] == {"Ann": 7, "Cleo": 10}
    assert m.history[-1]["text"] == (
        "Ann passes. Ben wins the trick with 6 x −5 and discards 2 cards. Ben escapes. "
        "Penalty points: Ann +7 and Cleo +10. Round 2: Ben leads."
    )
    assert m.standings() == [  # seating order; fewest penalty points ahead
        ("Ann", "7 penalty points"),
        ("Ben", "0 penalty points"),
        ("Cleo", "10 penalty points"),
    ]
    assert m.ahead == ["Ben"]
    assert m.scores == m.penalties


def test_r6_several_out_the_first_after_a_winner_who_stays_in_leads() -> None:
    m = Match(P4, mode="penalty")
    run(m, "Ann 4x-5", "Ben pass", "Cleo pass", "Dan 4x-4", "Ann pass", "Ben pass", "Cleo pass")
    run(m, "Dan 1x-5", "Ann 1x-4", "Ben pass", "Cleo pass", "Dan pass")
    run(m, "Ann 1x-3", "Ben pass", "Cleo pass", "Dan 1x-2", "Ben 1x+1", "Cleo pass")
    # Ben wins with +1 and stays in; Dan and Ann escaped (in turn order from Ben: Dan first)
    assert m.last_round["escaped"] == ["Dan", "Ann"] and m.last_round["leader"] == "Dan"
    assert m.penalties == {"Ann": 0, "Ben": 10, "Cleo": 10, "Dan": 0}
    assert m.current == "Dan" and m.last_trick["taken"] == 1


def test_r6_several_out_the_trick_winner_leads_when_out() -> None:
    m = Match(P4, mode="penalty")
    run(m, "Ann 4x-5", "Ben pass", "Cleo pass", "Dan 4x-4", "Ann pass", "Ben pass", "Cleo pass")
    run(m, "Dan 1x-5", "Ann 1x-4", "Ben pass", "Cleo pass", "Dan pass")
    run(m, "Ann 1x-3", "Ben pass", "Cleo pass", "Dan 1x-2", "Ben pass", "Cleo pass")
    assert m.last_trick["winner"] == "Dan"
    assert m.last_round["escaped"] == ["Dan", "Ann"] and m.last_round["leader"] == "Dan"
    assert m.penalties == {"Ann": 0, "Ben": 10, "Cleo": 10, "Dan": 0}


def test_r6_limit_ends_the_game_and_fewest_points_win() -> None:
    m = Match(P3, mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    assert not m.is_over and m.current == "Ann" and m.round_no == 2
    m.record_round(out="Ben", hands={"Ann": 3, "Cleo": 10})
    assert m.penalties == {"Ann": 3, "Ben": 10, "Cleo": 15}
    assert m.is_over and m.winners == ["Ann"] and m.losers == ["Ben", "Cleo"]
    assert m.loser is None and m.current is None
    assert m.history[-1]["text"] == (
        "Round 2 result: Ben is out; left in hand: Ann 3 cards and Cleo 10 cards. "
        "Penalty points: Ann +3 and Cleo +10. Game over: Ann wins with 3 penalty points."
    )


def test_r6_equal_lowest_share_the_win() -> None:
    m = Match(P3, mode="penalty", penalty_limit=10)
    m.record_round(out="Ann", hands={"Ben": 4, "Cleo": 6})
    m.record_round(out="Cleo", hands={"Ann": 4, "Ben": 7})
    assert m.penalties == {"Ann": 4, "Ben": 11, "Cleo": 6} and m.winners == ["Ann"]
    m = Match(P3, mode="penalty", penalty_limit=10)
    m.record_round(out="Ann", hands={"Ben": 4, "Cleo": 10})
    assert m.is_over and m.winners == ["Ann"] and m.losers == ["Ben", "Cleo"]
    m = Match(P3, mode="penalty", penalty_limit=10)
    m.record_round(out="Ann", hands={"Ben": 0, "Cleo": 10})
    assert m.winners == ["Ann", "Ben"] and m.losers == ["Cleo"] and m.loser == "Cleo"
    assert m.history[-1]["text"].endswith(
        "Game over: Ann and Ben share the win with 0 penalty points each."
    )


# -- result-only rounds (R7) --------------------------------------------------------------------


def test_r7_damage_result_only_last_takes_damage_and_leads() -> None:
    m = Match(P3)
    assert m.can_record_round
    m.record_round(order=("Ben", "Ann", "Cleo"))
    assert m.events[-1] == {"type": "record_round", "order": ["Ben", "Ann", "Cleo"]}
    assert m.damage == {"Ann": 0, "Ben": 0, "Cleo": 1} and m.round_no == 2
    assert m.current == m.leader == "Cleo" and m.last_trick is None
    assert told(m.last_round) == {
        "round": 1,
        "tracked": False,
        "escaped": ["Ben", "Ann"],
        "damaged": "Cleo",
        "penalties": {},
        "leader": "Cleo",
        "text": "Cleo takes 1 damage (1 in total).",
    }
    assert told(m.history[-1]) == {
        "text": "Round 1 result: Ben and Ann escaped in that order; Cleo is left holding cards. "
        "Cleo takes 1 damage (1 in total). Round 2: Cleo leads.",
        "changes": {"Cleo": 1},
        "player": None,
        "round": 1,
    }
    m.record_round(order=["Cleo", "Ben", "Ann"])
    m.record_round(order=["Ann", "Ben", "Cleo"])
    assert m.is_over and m.loser == "Cleo" and m.winners == ["Ann", "Ben"]


def test_r7_result_only_before_the_rounds_first_play() -> None:
    m = Match(P3)
    m.play(1, 3)
    assert not m.can_record_round
    err = refused("round-in-progress", m.record_round, order=["Ann", "Ben", "Cleo"])
    assert "Round 1 has already started" in str(err)
    run(m, "Ben pass", "Cleo pass")  # a finished trick still counts as started
    refused("round-in-progress", m.record_round, order=["Ann", "Ben", "Cleo"])
    m.undo()
    m.undo()
    m.undo()
    m.record_round(order=["Ann", "Ben", "Cleo"])
    assert m.damage["Cleo"] == 1
    # the new round may be entered as a result again
    assert m.can_record_round
    # round-in-progress comes before bad-result
    m.play(1, 1)
    refused("round-in-progress", m.record_round, out="Ann", hands={})


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"order": ["Ann", "Ben"]},
        {"order": ["Ann", "Ben", "Ben"]},
        {"order": ["Ann", "Ben", "Cleo", "Zed"]},
        {"order": ["Ann", "Ben", "Cleo", "Ann"]},
        {"order": "Ann"},
        {"order": ["Ann", "Ben", "Cleo"], "out": "Ann"},
        {"out": "Ann", "hands": {"Ben": 3, "Cleo": 4}},
    ],
)
def test_r7_bad_damage_results(kwargs: dict) -> None:
    m = Match(P3)
    refused("bad-result", m.record_round, **kwargs)
    assert len(m.events) == 1 and m.damage == {"Ann": 0, "Ben": 0, "Cleo": 0}


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"order": ["Ann", "Ben", "Cleo"]},
        {"out": "Ann", "hands": {"Ben": 3}},
        {"out": "Ann", "hands": {"Ben": 3, "Cleo": 4, "Ann": 0}},
        {"out": "Zed", "hands": {"Ben": 3, "Cleo": 4}},
        {"out": "Ann", "hands": {"Ben": -1, "Cleo": 4}},
        {"out": "Ann", "hands": {"Ben": 3.5, "Cleo": 4}},
        {"out": "Ann", "hands": {"Ben": 25, "Cleo": 25}},
        {"out": "Ann", "hands": {"Ben": 31, "Cleo": 0}},
        {"out": "Ann"},
        {"out": "Ann", "hands": [3, 4]},
        {"out": "Ann", "hands": {"Ben": 3, "Cleo": 4}, "order": ["Ann", "Ben", "Cleo"]},
    ],
)
def test_r7_bad_penalty_results(kwargs: dict) -> None:
    m = Match(P3, mode="penalty")
    refused("bad-result", m.record_round, **kwargs)
    assert len(m.events) == 1 and m.penalties == {"Ann": 0, "Ben": 0, "Cleo": 0}


def test_r7_penalty_result_and_hand_of_zero_for_a_second_escaper() -> None:
    m = Match(P3, mode="penalty")
    m.record_round(out="Cleo", hands={"Ann": 0, "Ben": 8})
    assert m.events[-1] == {"type": "record_round", "out": "Cleo", "hands": {"Ann": 0, "Ben": 8}}
    assert m.penalties == {"Ann": 0, "Ben": 8, "Cleo": 0} and m.current == "Cleo"
    assert m.history[-1]["changes"] == {"Ben": 8}
    assert m.last_round["penalties"] == {"Ann": 0, "Ben": 8}


def test_r7_a_replayed_log_is_validated() -> None:
    m = Match(P3)
    bad = [*m.events, {"type": "play", "player": "Ann", "count": 7, "value": 1}]
    refused("bad-count", Match.replay, bad)
    bad = [*m.events, {"type": "pass", "player": "Ann"}]
    refused("must-play", Match.replay, bad)
    bad = [*m.events, {"type": "record_round", "order": ["Ann"], "extra": 1}]
    refused("bad-result", Match.replay, bad)


# -- screen helpers, history, replay -----------------------------------------------------------


def test_history_has_one_entry_per_event_and_replay_matches() -> None:
    m = Match(P3, starter="Ben")
    run(m, "Ben 2x+2", "Cleo 2x+3", "Ann pass", "Ben pass")
    assert len(m.history) == len(m.events) - 1 == 4
    assert [h["text"] for h in m.history] == [
        "Ben plays 2 x +2.",
        "Cleo plays 2 x +3.",
        "Ann passes.",
        "Ben passes. Cleo wins the trick with 2 x +3 and takes 2 cards.",
    ]
    copy = Match.replay(json.loads(json.dumps(m.events)))
    assert copy.history == m.history and copy.hands == m.hands and copy.events == m.events
    assert copy.current == m.current == "Cleo"


def test_module_helpers() -> None:
    assert ratel.card_value(3) == "+3" and ratel.card_value(-5) == "-5"
    assert ratel.VALUES == (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)
    assert ratel.MODES == ("damage", "short", "penalty")


def test_violation_is_the_check_play_uses() -> None:
    m = Match(P3)
    assert m.violation(2, 3) is None
    assert m.violation(0, 3).rule == "bad-count"
    run(m, "Ann 2x+3")
    assert m.violation(2, 3).rule == "not-higher"
    assert m.violation(1, 5).rule == "wrong-count"


def test_r6_one_penalty_point_is_said_in_the_singular() -> None:
    m = Match(P3, mode="penalty", penalty_limit=10)
    m.record_round(out="Ann", hands={"Ben": 1, "Cleo": 5})
    assert m.standings() == [("Ann", "0 penalty points"), ("Ben", "1 penalty point"),
                             ("Cleo", "5 penalty points")]
    m.record_round(out="Ben", hands={"Ann": 1, "Cleo": 5})
    assert m.is_over and m.winners == ["Ann", "Ben"]
    assert m.history[-1]["text"].endswith(
        "Game over: Ann and Ben share the win with 1 penalty point each."
    )
    m = Match(P3, mode="penalty", penalty_limit=10)
    m.record_round(out="Ben", hands={"Ann": 1, "Cleo": 10})
    assert m.history[-1]["text"].endswith("Game over: Ben wins with 0 penalty points.")
