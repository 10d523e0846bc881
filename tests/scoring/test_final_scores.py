"""`final_scores` of every game: the numbers statistics average, None where there are none.

A finished match's final scores are also what its history's changes add up to, which the CSV
export relies on for its running totals.
"""

from __future__ import annotations

import random
from collections import Counter

from scoring import careta, caro, ratel
from tests.support.scoring.careta_playout import Chooser
from tests.support.scoring.careta_playout import playout as careta_playout
from tests.support.scoring.careta_rulings import TEAMS
from tests.support.scoring.caro_playout import playout as caro_playout
from tests.support.scoring.carrera_playout import playout as carrera_playout


def summed_changes(match) -> Counter:
    total: Counter = Counter()
    for entry in match.history:
        total.update(entry["changes"])
    return total


def test_caro_final_scores_are_the_totals_once_over() -> None:
    m = caro.Match(["Ann", "Ben"])
    assert m.final_scores is None
    m.lay("grey", (0, 0))
    assert m.final_scores is None  # in play: no final score yet
    for seed in range(5):
        m = caro_playout(2 + seed % 3, seed, mixed=True, sweeping=False, undo_redo=False)
        assert m.final_scores == m.scores
        assert m.final_scores == {p: summed_changes(m)[p] for p in m.players}
    m.undo()
    assert m.final_scores is None  # an undo of the last lay reopens the game


def test_careta_final_scores_give_team_points_to_every_teammate() -> None:
    m = careta.Match(["Ann", "Ben", "Cleo", "Dan"], teams=TEAMS, target=1)
    m.start_set()
    m.start_game("up")
    assert m.final_scores is None
    m.play("Ben", 3)
    m.doubt("Ann", True)  # Ann doubted in vain: Moons (Ben, Dan) +1, and 1 is the target
    assert m.is_over and m.points == {"Suns": 0, "Moons": 1}
    assert m.final_scores == {"Ann": 0, "Ben": 1, "Cleo": 0, "Dan": 1}


def test_careta_final_scores_without_teams_are_the_points() -> None:
    for seed in range(6):
        m = careta_playout(Chooser(rng=random.Random(seed)), cap=600, undo_checks=False)
        assert m.is_over
        if m.teams is None:
            assert m.final_scores == m.points
        else:
            assert m.final_scores == {p: m.points[m.team_of(p)] for p in m.players}
        assert dict(summed_changes(m)) == {k: v for k, v in m.points.items() if v}


def test_ratel_final_scores_are_penalty_points_only_in_the_penalty_game() -> None:
    m = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    assert m.final_scores is None
    m.record_round(out="Ben", hands={"Ann": 3, "Cleo": 10})
    assert m.is_over and m.final_scores == {"Ann": 3, "Ben": 10, "Cleo": 15}
    assert summed_changes(m) == Counter({"Ann": 3, "Ben": 10, "Cleo": 15})
    for mode in ("damage", "short"):
        m = ratel.Match(["Ann", "Ben"], mode=mode)
        while not m.is_over:
            m.record_round(order=["Ann", "Ben"])
        assert m.winners == ["Ann"] and m.final_scores is None  # damage only names the loser


def test_carrera_has_no_final_score() -> None:
    m = carrera_playout(3, "first")
    assert m.is_over and m.winners and m.final_scores is None
