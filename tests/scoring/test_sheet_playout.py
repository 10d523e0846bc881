"""The score sheet: seeded random playouts (legal entries only, corrections, undo and redo),
their invariants, replay equal to live, and junk refused changing nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from scoring.core import RuleViolation
from scoring.sheet import Match
from tests.support.games import hook

BASE = {"_log", "_redo", "_checkpoints"}


def state(m: Match) -> dict[str, Any]:
    return copy.deepcopy({k: v for k, v in vars(m).items() if k not in BASE})


@pytest.mark.parametrize("seed", range(60))
def test_a_playout_keeps_its_invariants_and_replays_as_played(seed: int) -> None:
    m = hook("sheet").playout(seed)
    assert m.is_over and m.winners
    # the totals are the rounds as they stand, corrections applied
    assert m.totals == {p: sum(r[p] for r in m.rounds) for p in m.players}
    # the history's changes add up to the totals too
    summed = dict.fromkeys(m.players, 0)
    for entry in m.history:
        for p, n in entry["changes"].items():
            summed[p] += n
    assert summed == m.totals
    assert len(m.history) == len(m.events) - 1
    if m.round_sum is not None:
        assert all(sum(r.values()) in (26, 26 * (len(m.players) - 1)) for r in m.rounds)
    best = (min if m.lowest_wins else max)(m.totals.values())
    assert all(m.totals[w] == best for w in m.winners)
    copy_ = Match.replay(json.loads(json.dumps(m.events)))
    assert state(copy_) == state(m) and copy_.events == m.events


@pytest.mark.parametrize("seed", range(10))
def test_undo_all_then_redo_all_is_the_same_match(seed: int) -> None:
    m = hook("sheet").playout(seed)
    live, steps = state(m), len(m.events) - 1
    views = []
    for _ in range(steps):
        views.append(m.totals)
        m.undo()
    assert m.totals == dict.fromkeys(m.players, 0) and m.history == []
    for _ in range(steps):
        m.redo()
    assert state(m) == live


@pytest.mark.parametrize("seed", range(20))
def test_junk_rounds_are_refused_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    m = hook("sheet").in_play()
    before, live = m.events, state(m)
    junk: list[Any] = [None, 3, "x", [1, 2], {}, {"Ann": 1}, {p: "1" for p in m.players},
                       {p: rng.randint(-10**7, 10**7) * 1000 for p in m.players},
                       {p: float(rng.randint(0, 26)) for p in m.players},
                       {**dict.fromkeys(m.players, 0), 7: 26}]
    for scores in junk:
        with pytest.raises(RuleViolation):
            m.add_round(scores)
        with pytest.raises(RuleViolation):
            m.correct_round(rng.choice([0, 1, 3, -1, None, "1"]), scores)
    assert m.events == before and state(m) == live
