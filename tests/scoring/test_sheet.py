"""The score sheet (S1-S7): a whole game of Hearts as a table keeps it on paper, the ends, the
sum check, corrections, ties and what is refused."""

from __future__ import annotations

import json

import pytest

from scoring.core import RuleViolation
from scoring.sheet import MOST, Match

FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def hearts() -> Match:
    return Match(FOUR, name="Hearts", lowest_wins=True, end="target", target=100, round_sum=26)


def rule_of(action) -> str:
    with pytest.raises(RuleViolation) as refused:
        action()
    return refused.value.rule


def test_a_whole_game_of_hearts_with_a_moon_shot() -> None:
    m = hearts()
    hands = [
        (3, 10, 13, 0),
        (0, 26, 26, 26),  # Ann shoots the moon: the others take 26 each (S4)
        (5, 4, 0, 17),
        (13, 6, 2, 5),
        (1, 0, 20, 5),
        (7, 9, 4, 6),
        (2, 14, 8, 2),
        (0, 0, 26, 0),
    ]
    for hand in hands:
        assert not m.is_over
        m.add_round(dict(zip(FOUR, hand, strict=True)))
    # Cleo at 99: nobody has reached 100 yet
    assert m.totals == {"Ann": 31, "Ben": 69, "Cleo": 99, "Dan": 61}
    assert not m.is_over and m.ahead == ["Ann"]
    m.add_round({"Ann": 0, "Ben": 0, "Cleo": 13, "Dan": 13})
    # Cleo passes 100: the match is over and the lowest total wins (S3)
    assert m.totals["Cleo"] == 112 and m.is_over and m.winners == ["Ann"]
    assert m.history[-1]["text"].endswith("Game over: Ann wins.")
    assert m.final_scores == {"Ann": 31, "Ben": 69, "Cleo": 112, "Dan": 74}
    assert [e["round"] for e in m.history] == list(range(1, 10))
    assert rule_of(lambda: m.add_round(dict.fromkeys(FOUR, 0))) in {"match-over", "round-sum"}
    assert Match.replay(json.loads(json.dumps(m.events))).totals == m.totals


def test_a_round_that_does_not_add_up_is_refused_and_changes_nothing() -> None:
    m = hearts()
    before = m.events
    assert rule_of(lambda: m.add_round({"Ann": 1, "Ben": 2, "Cleo": 3, "Dan": 4})) == "round-sum"
    assert rule_of(lambda: m.add_round({"Ann": 1, "Ben": 25, "Cleo": 25, "Dan": 25})) \
        == "round-sum"
    assert m.events == before and m.history == []


def test_a_round_needs_every_score_and_says_whose_is_missing() -> None:
    m = hearts()
    with pytest.raises(RuleViolation) as refused:
        m.add_round({"Ann": 26, "Cleo": 0})
    assert refused.value.rule == "incomplete-round"
    assert str(refused.value) == "The round needs the scores of Ben and Dan."
    assert m.missing({"Ann": 1, "Ben": None}) == ["Ben", "Cleo", "Dan"]
    with pytest.raises(RuleViolation, match="needs Dan's score"):
        m.add_round({"Ann": 26, "Ben": 0, "Cleo": 0})
    assert rule_of(lambda: m.add_round({**dict.fromkeys(FOUR, 0), "Eve": 26})) == "unknown-player"


def test_scores_are_whole_numbers_within_a_million_either_way() -> None:
    m = Match(["Ann", "Ben"], name="Skat")
    m.add_round({"Ann": MOST, "Ben": -MOST})
    m.add_round({"Ann": 0, "Ben": -0})
    with pytest.raises(RuleViolation) as refused:
        m.add_round({"Ann": MOST + 1, "Ben": 0})
    assert refused.value.rule == "score-too-large"
    assert str(refused.value) == "Ann: 1000000 is too large: a score is at most 999999 either way."
    for junk in (1.5, "3", True, None, [1]):
        assert rule_of(lambda junk=junk: m.add_round({"Ann": junk, "Ben": 0})) in {
            "bad-score", "incomplete-round"}
    assert m.totals == {"Ann": MOST, "Ben": -MOST}


def test_highest_wins_after_a_number_of_rounds() -> None:
    six = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]
    m = Match(six, name="Yahtzee", end="rounds", rounds=2)
    m.add_round({p: i for i, p in enumerate(six)})
    assert not m.is_over and m.ahead == ["Finn"]
    m.add_round({p: -i for i, p in enumerate(six)})
    assert m.is_over and m.winners == [] or m.tie_to_settle == six  # all level at 0
    assert m.tie_to_settle == six and not m.is_over
    m.settle_tie("Eve")
    assert m.is_over and m.winners == ["Eve"]
    assert "The table settles the tie: Eve wins." in m.history[-1]["text"]


def test_a_tie_may_be_shared_and_only_a_tied_player_may_be_picked() -> None:
    m = Match(["Ann", "Ben", "Cleo"], name="Uno", lowest_wins=True, end="rounds", rounds=1)
    assert rule_of(lambda: m.settle_tie(None)) == "no-tie"
    m.add_round({"Ann": 5, "Ben": 5, "Cleo": 9})
    assert m.tie_to_settle == ["Ann", "Ben"] and m.winners == []
    assert rule_of(lambda: m.settle_tie("Cleo")) == "not-tied"
    assert rule_of(lambda: m.add_round({"Ann": 1, "Ben": 0, "Cleo": 0})) == "match-over"
    m.settle_tie(None)
    assert m.is_over and m.winners == ["Ann", "Ben"]


def test_the_scorekeeper_ends_a_sheet_without_an_end_of_its_own() -> None:
    m = Match(["Ann", "Ben"], name="Rummy")
    assert rule_of(m.end_now) == "no-round"
    m.add_round({"Ann": 10, "Ben": 20})
    assert not m.is_over
    m.end_now()
    assert m.is_over and m.winners == ["Ben"]
    assert rule_of(m.end_now) == "match-over"
    m.undo()
    assert not m.is_over and m.can_redo


def test_a_past_round_is_corrected_by_an_event_never_in_place() -> None:
    m = hearts()
    m.add_round({"Ann": 3, "Ben": 10, "Cleo": 13, "Dan": 0})
    m.add_round({"Ann": 6, "Ben": 6, "Cleo": 7, "Dan": 7})
    first = m.events
    m.correct_round(1, {"Ann": 13, "Ben": 10, "Cleo": 3, "Dan": 0})
    assert m.events[: len(first)] == first  # nothing before it changed
    assert m.events[-1] == {"type": "correct", "round": 1,
                            "scores": {"Ann": 13, "Ben": 10, "Cleo": 3, "Dan": 0}}
    assert m.rounds[0] == {"Ann": 13, "Ben": 10, "Cleo": 3, "Dan": 0}
    assert m.totals == {"Ann": 19, "Ben": 16, "Cleo": 10, "Dan": 7}
    assert m.history[-1]["changes"] == {"Ann": 10, "Cleo": -10}
    assert m.history[-1]["corrects"] == 1 and m.history[-1]["round"] == 2
    assert rule_of(lambda: m.correct_round(3, dict.fromkeys(FOUR, 0))) == "no-round"
    assert rule_of(lambda: m.correct_round(1, {"Ann": 13, "Ben": 10, "Cleo": 3, "Dan": 0})) \
        == "same-round"
    assert rule_of(lambda: m.correct_round(2, dict.fromkeys(FOUR, 1))) == "round-sum"
    m.undo()
    assert m.totals == {"Ann": 9, "Ben": 16, "Cleo": 20, "Dan": 7}


def test_a_correction_may_reopen_a_finished_sheet() -> None:
    m = Match(["Ann", "Ben"], name="Darts", end="target", target=50)
    m.add_round({"Ann": 50, "Ben": 10})
    assert m.is_over and m.winners == ["Ann"]
    m.correct_round(1, {"Ann": 40, "Ben": 10})
    assert not m.is_over
    m.add_round({"Ann": 5, "Ben": 45})
    assert m.is_over and m.winners == ["Ben"]


def test_settings_are_checked() -> None:
    def new(**kw) -> None:
        Match(**{"players": ["Ann", "Ben"], "name": "Hearts", **kw})

    assert rule_of(lambda: new(players=["Ann"])) == "player-count"
    assert rule_of(lambda: new(name="")) == "bad-option"
    assert rule_of(lambda: new(name="a\nb")) == "bad-option"
    assert rule_of(lambda: new(name="x" * 40)) == "bad-option"
    assert rule_of(lambda: new(name="ann")) == "look-alike-name"
    assert rule_of(lambda: new(end="sometime")) == "bad-option"
    assert rule_of(lambda: new(end="target")) == "bad-option"
    assert rule_of(lambda: new(end="target", target=0)) == "bad-option"
    assert rule_of(lambda: new(end="rounds", rounds=1000)) == "bad-option"
    assert rule_of(lambda: new(end="keeper", rounds=3)) == "bad-option"
    assert rule_of(lambda: new(lowest_wins="yes")) == "bad-option"
    assert rule_of(lambda: new(round_sum=2.5)) == "bad-option"
    assert Match(["Ann", "Ben"], name="大富豪").name == "大富豪"


def test_the_sheet_says_its_name_and_end() -> None:
    assert hearts().variant == "Hearts · lowest wins at 100"
    six = Match(list("ABCDEF"), name="Yahtzee", end="rounds", rounds=10)
    assert six.variant == "Yahtzee · highest wins after 10 rounds"
    assert Match(["Ann", "Ben"], name="Skat", lowest_wins=True).variant == "Skat · lowest wins"
    assert [s.text for s in hearts().standing_figures()] == ["0/100"] * 4
