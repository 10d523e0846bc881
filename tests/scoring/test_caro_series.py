"""A sitting of Caro: the games started by "next game" carry their number and running totals;
and what the turn heading asks of the engine (who was just skipped, the turn's penalty)."""

from __future__ import annotations

import json

import pytest

from scoring import caro
from scoring.core import RuleViolation
from tests.support.scoring.caro import RECORDED_3, play


def finished() -> caro.Match:
    m = caro.Match(["A", "B", "C"])
    play(m, *RECORDED_3)
    assert m.is_over and m.scores == {"A": 93, "B": 127, "C": 141}
    return m


def test_a_game_on_its_own_is_game_one_with_its_own_totals() -> None:
    m = caro.Match(["Ann", "Ben"])
    assert m.game_no == 1 and m.series_totals == {"Ann": 0, "Ben": 0}
    assert "series" not in m.events[0]  # a first game's settings are as before series existed
    play(m, "red 0,0")
    assert m.series_totals == {"Ann": 10, "Ben": 0}


def test_next_games_number_themselves_and_carry_the_running_totals() -> None:
    first = finished()
    second = first.next_game("A")
    assert second.game_no == 2 and second.scores == {"A": 0, "B": 0, "C": 0}
    assert second.series_totals == {"A": 93, "B": 127, "C": 141}
    play(second, "red 0,0")
    assert second.series_totals == {"A": 103, "B": 127, "C": 141}
    assert second.final_scores is None  # statistics keep counting one game at a time
    # Replay (a reload, an import) keeps the series; undo does not touch it.
    again = caro.Match.replay(json.loads(json.dumps(second.events)))
    assert again.game_no == 2 and again.series_totals == second.series_totals
    second.undo()
    assert second.series_totals == {"A": 93, "B": 127, "C": 141}
    # The third game counts on from the second's totals.
    third = caro.Match(["A", "B", "C"], series={"game": 3, "totals": {"A": 1, "B": 2, "C": 3}})
    assert third.game_no == 3 and third.series_totals == {"A": 1, "B": 2, "C": 3}


@pytest.mark.parametrize("series", [
    {"game": 1, "totals": {"A": 0, "B": 0}},
    {"game": True, "totals": {"A": 0, "B": 0}},
    {"game": 10**9, "totals": {"A": 0, "B": 0}},
    {"game": 2, "totals": {"A": 0}},
    {"game": 2, "totals": {"A": 0, "B": 0, "Zed": 0}},
    {"game": 2, "totals": {"A": 0, "B": "5"}},
    {"game": 2, "totals": {"A": 0, "B": 10**12}},
    {"game": 2},
    {"game": 2, "totals": {"A": 0, "B": 0}, "extra": 1},
    [2, {"A": 0, "B": 0}],
])
def test_a_series_that_does_not_fit_the_players_is_refused(series) -> None:
    with pytest.raises(RuleViolation) as err:
        caro.Match.replay([{"type": "setup", "game": "caro", "players": ["A", "B"],
                            "starter": "A", "series": series}])
    assert err.value.rule == "bad-option"


def test_just_passed_names_only_who_was_skipped_on_the_way_to_this_turn(monkeypatch) -> None:
    m = caro.Match(["Ann", "Ben", "Cleo"])
    play(m, "red 0,0", "black 0,1")
    assert m.current == "Cleo" and m.just_passed == []
    can = caro.Match._can_lay
    monkeypatch.setattr(caro.Match, "_can_lay", lambda self, p: p != "Ann" and can(self, p))
    play(m, "black 1,0")  # Cleo lays; Ann cannot (simulated) and is skipped
    monkeypatch.undo()
    assert m.current == "Ben" and m.just_passed == ["Ann"] and m.passed == ["Ann"]
    ben = next(c for c in caro.COLOURS if m.options(c))
    m.lay(ben, min(m.options(ben)))
    cleo = next(c for c in caro.COLOURS if m.options(c))
    m.lay(cleo, min(m.options(cleo)))
    # Ann's turn again: the skip stays in `passed` (the record) but is not news now.
    assert m.current == "Ann" and m.just_passed == [] and m.passed == ["Ann"]
    # Undo replays the log, so the simulated block must hold for it too.
    monkeypatch.setattr(caro.Match, "_can_lay", lambda self, p: p != "Ann" and can(self, p))
    m.undo()
    m.undo()
    assert m.current == "Ben" and m.just_passed == ["Ann"]


def test_the_turn_penalty_counts_every_rule_break_of_the_turn() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0")
    m.rule_break("black")
    m.rule_break("black")
    assert m.must_relay == "black" and m.pending_penalty == -20 and m.scores["Ben"] == -20


def test_ahead_is_nobody_while_all_are_level() -> None:
    m = caro.Match(["Ann", "Ben"])
    assert m.ahead == []
    play(m, "red 0,0")
    assert m.ahead == ["Ann"] and m.standings() == [("Ann", "10"), ("Ben", "0")]
