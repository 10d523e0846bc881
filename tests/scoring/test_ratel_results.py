"""Ratel results entered without tracking tricks (issue 14): penalty hands the deal can produce,
the last players escaping together (R5), and the variant lists name."""

from __future__ import annotations

import pytest

from scoring import careta, caro, carrera, ratel
from scoring.core import RuleViolation
from scoring.ratel import Match

P3 = ["Ann", "Ben", "Cleo"]
P4 = ["Ann", "Ben", "Cleo", "Dan"]


def refused_unchanged(m: Match, rule: str, **result: object) -> str:
    """Record `result`, expect `rule`, and check the match is as it was."""
    before = (m.events, m.damage, m.penalties, m.round_no, m.history)
    with pytest.raises(RuleViolation) as err:
        m.record_round(**result)  # type: ignore[arg-type]
    assert err.value.rule == rule, str(err.value)
    assert (m.events, m.damage, m.penalties, m.round_no, m.history) == before
    return str(err.value)


def test_the_variant_names_the_way_of_play() -> None:
    assert Match(P3).variant == "standard game"
    assert Match(P3, mode="short").variant == "short game"
    assert Match(P3, mode="penalty").variant == "penalty game to 15"
    assert Match.variant_of({"mode": "penalty", "penalty_limit": 30}) == "penalty game to 30"
    assert Match.variant_of({"mode": "odd"}) == "" and Match.variant_of({}) == ""
    assert caro.Match(["Ann", "Ben"]).variant == ""  # one way of play: nothing to say
    assert careta.Match(P3).variant == "" and carrera.Match(P3).variant == ""


def test_penalty_hands_the_deal_cannot_produce_are_refused() -> None:
    m = Match(P4, mode="penalty")
    assert m.penalty_hands_limit() == 39
    message = refused_unchanged(m, "bad-result", out="Ann", hands={"Ben": 40, "Cleo": 1, "Dan": 1})
    assert message == "Ben's hand must be a whole number of cards from 0 to 39, not 40."
    message = refused_unchanged(m, "bad-result", out="Ann",
                                hands={"Ben": 20, "Cleo": 15, "Dan": 5})
    assert message.startswith("Ben, Cleo and Dan hold 40 cards together: 40 were dealt")
    message = refused_unchanged(m, "bad-result", out="Ann", hands={"Ben": "3a", "Cleo": 1,
                                                                     "Dan": 1})
    assert message == "Ben's hand must be a whole number of cards from 0 to 39, not “3a”."
    refused_unchanged(m, "bad-result", out="Ann", hands={"Ben": -1, "Cleo": 1, "Dan": 1})
    assert m.penalty_hands_violation({"Ben": 20, "Cleo": 14, "Dan": 5}) is None
    m.record_round(out="Ann", hands={"Ben": 20, "Cleo": 14, "Dan": 5})
    assert m.penalties == {"Ann": 0, "Ben": 20, "Cleo": 14, "Dan": 5} and m.is_over


def test_a_result_only_round_where_the_last_players_escape_together() -> None:
    m = Match(P4)
    m.record_round(order=["Dan", "Ben", "Cleo", "Ann"], together=2)  # Cleo won that trick
    assert m.damage == {"Ann": 0, "Ben": 0, "Cleo": 0, "Dan": 0}
    assert m.round_no == 2 and m.leader == "Cleo" and m.current == "Cleo"
    last = m.last_round
    assert last is not None
    assert (last["damaged"], last["leader"], last["escaped"]) == (None, "Cleo",
                                                                  ["Dan", "Ben", "Cleo", "Ann"])
    assert m.history[-1]["text"] == (
        "Round 1 result: Dan and Ben escaped in that order; then Cleo and Ann escaped together "
        "in one trick, won by Cleo. The last players escaped together: nobody takes damage. "
        "Round 2: Cleo leads."
    )
    assert m.history[-1]["changes"] == {}
    assert m.events[-1] == {"type": "record_round", "order": ["Dan", "Ben", "Cleo", "Ann"],
                            "together": 2}
    again = Match.replay(m.events)
    assert (again.damage, again.leader, again.history) == (m.damage, m.leader, m.history)
    m.undo()
    assert m.round_no == 1 and m.can_record_round


def test_everyone_escaping_in_one_trick_is_a_round_without_damage() -> None:
    m = Match(P3, mode="short")
    m.record_round(order=["Ben", "Cleo", "Ann"], together=3)
    assert not m.is_over and m.damage == {"Ann": 0, "Ben": 0, "Cleo": 0} and m.leader == "Ben"


def test_escaping_together_is_refused_where_it_does_not_fit() -> None:
    m = Match(P3)
    for bad in (1, 0, 4, True, "2", 2.0):
        refused_unchanged(m, "bad-result", order=["Ann", "Ben", "Cleo"], together=bad)
    penalty = Match(P3, mode="penalty")
    assert "no last player" in refused_unchanged(penalty, "bad-result", out="Ann",
                                                 hands={"Ben": 1, "Cleo": 1}, together=2)


def test_escaping_together_as_entered_matches_the_same_round_tracked() -> None:
    """Trick by trick both players shed their last cards in one trick (Ben's -2 wins at once and
    discards nothing): the result entered with `together` gives the same damage and leader."""
    tracked = Match(["Ann", "Ben"])
    for move in [(5, -5), (5, -4), (5, -3), (5, -2)]:
        tracked.play(*move)
    assert tracked.last_round is not None and tracked.last_round["damaged"] is None
    assert tracked.last_round["escaped"] == ["Ben", "Ann"] and tracked.leader == "Ben"
    entered = Match(["Ann", "Ben"])
    entered.record_round(order=tracked.last_round["escaped"], together=2)
    assert (entered.damage, entered.leader) == (tracked.damage, tracked.leader)
    assert ratel.Match.replay(entered.events).leader == entered.leader
