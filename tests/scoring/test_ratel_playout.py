"""Ratel: seeded random playouts in every mode, and refused actions changing nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import RuleViolation
from scoring.ratel import VALUES, Match
from tests.support.scoring.ratel_playout import BASE, NAMES, check_invariants, playout, view

SEEDS = 120


def state(m: Match) -> dict[str, Any]:
    """Everything a match holds besides its log machinery."""
    return copy.deepcopy({k: v for k, v in vars(m).items() if k not in BASE})


def check_replay_and_undo(m: Match, views: list[dict[str, Any]], full: bool) -> None:
    live = state(m)
    assert len(m.history) == len(m.events) - 1
    copy_ = Match.replay(json.loads(json.dumps(m.events)))
    assert state(copy_) == live and copy_.events == m.events and not copy_.can_redo
    history = m.history
    steps = len(m.events) - 1 if full else min(len(m.events) - 1, 12)
    for i in range(steps):
        m.undo()
        assert view(m) == views[-2 - i]
    assert m.history == history[: len(history) - steps]
    assert len(m.history) == len(m.events) - 1
    for i in range(steps):
        m.redo()
        assert view(m) == views[len(views) - steps + i]
    assert not m.can_redo and state(m) == live


@pytest.mark.parametrize("mode", ["damage", "short", "penalty"])
def test_random_playouts_track_every_trick(mode: str) -> None:
    for seed in range(SEEDS):
        m, views = playout(seed, mode, results=0.0)
        assert all(
            not h["text"].startswith("Round ") or "result" not in h["text"] for h in m.history
        )
        check_replay_and_undo(m, views, full=seed % 40 == 0)


@pytest.mark.parametrize("mode", ["damage", "short", "penalty"])
def test_random_playouts_mixing_result_only_rounds(mode: str) -> None:
    kinds = {"result only": 0, "mixed": 0}
    for seed in range(SEEDS // 2):
        m, views = playout(10_000 + seed, mode, results=0.3)
        types = {e["type"] for e in m.events}
        kinds["result only"] += "record_round" in types
        kinds["mixed"] += "record_round" in types and "play" in types
        check_replay_and_undo(m, views, full=seed % 40 == 0)
    # the short game has one round, so it is either entered or tracked
    assert kinds["result only"] >= SEEDS // 10, kinds
    assert kinds["mixed"] >= (SEEDS // 10 if mode != "short" else 0), kinds


def test_playouts_reach_the_interesting_cases() -> None:
    """The random games do exercise escapes together, wins at once and winners taking cards."""
    seen = {"together": 0, "several": 0, "at_once": 0, "taken": 0}
    for seed in range(40):
        m, _ = playout(seed, "damage", results=0.0)
        for entry in m.history:
            text = entry["text"]
            seen["together"] += "escaped together" in text
            seen["several"] += " escape." in text
            seen["at_once"] += " plays " in text and " wins the trick" in text
            seen["taken"] += " and takes " in text
    assert all(n > 0 for n in seen.values()), seen


# -- refused actions change nothing -------------------------------------------------------------


def draw_action(data: st.DataObject, m: Match) -> tuple:
    """Near-legal actions as often as wild ones, so both refusals and accepted actions occur."""
    players = m.players
    anyone = st.sampled_from([None, *players, "Zed"])
    kind = data.draw(st.sampled_from(["play", "play", "play", "pass", "pass", "result", "undo"]))
    if kind == "play":
        count = data.draw(st.integers(-1, 8) | st.integers(1, 3))
        value = data.draw(st.integers(-7, 7) | st.sampled_from(VALUES))
        who = data.draw(st.just(m.current) | anyone)
        return ("play", count, value, who)
    if kind == "pass":
        return ("pass", data.draw(st.just(m.current) | anyone))
    if kind == "undo":
        return ("undo",)
    names = st.sampled_from([*players, "Zed"])
    if data.draw(st.booleans()):
        order = data.draw(st.permutations(players) | st.lists(names, max_size=7))
        return ("order", order)
    out = data.draw(names)
    hands = data.draw(
        st.fixed_dictionaries({p: st.integers(0, 12) for p in players if p != out})
        | st.dictionaries(names, st.integers(-2, 40), max_size=6)
    )
    return ("hands", out, hands)


def attempt(m: Match, action: tuple) -> None:
    kind = action[0]
    if kind == "play":
        m.play(action[1], action[2], player=action[3])
    elif kind == "pass":
        m.pass_turn(player=action[1])
    elif kind == "order":
        m.record_round(order=action[1])
    elif kind == "hands":
        m.record_round(out=action[1], hands=action[2])
    else:
        m.undo()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(2, 6),
    mode=st.sampled_from(["damage", "short", "penalty"]),
    steps=st.integers(1, 40),
    data=st.data(),
)
def test_refused_actions_leave_everything_unchanged(
    size: int, mode: str, steps: int, data: st.DataObject
) -> None:
    m = Match(NAMES[:size], mode=mode, penalty_limit=10)
    for _ in range(steps):
        action = draw_action(data, m)
        events, before = m.events, state(m)
        try:
            attempt(m, action)
        except RuleViolation as err:
            assert err.rule and str(err)
            assert m.events == events and state(m) == before
        else:
            check_invariants(m)
            assert len(m.history) == len(m.events) - 1


def test_refusals_are_the_documented_codes() -> None:
    """Every code a refused play or pass raises in random tries is one API.md lists."""
    codes = {
        "not-your-turn",
        "must-play",
        "wrong-count",
        "not-higher",
        "bad-value",
        "bad-count",
        "not-enough-cards",
        "round-in-progress",
        "bad-result",
        "match-over",
        "nothing-to-undo",
    }
    seen: set[str] = set()
    rng = random.Random(7)
    for seed in range(30):
        m = Match(NAMES[: 2 + seed % 5], mode=("damage", "short", "penalty")[seed % 3])
        for _ in range(400):
            action = rng.choice(
                [
                    ("play", rng.randint(-1, 8), rng.randint(-6, 6), rng.choice([None, "Ann"])),
                    ("pass", rng.choice([None, "Ben"])),
                    ("order", rng.sample(m.players, len(m.players))),
                    ("hands", "Ann", {p: rng.randint(0, 9) for p in m.players[1:]}),
                    ("undo",),
                ]
            )
            try:
                attempt(m, action)
            except RuleViolation as err:
                seen.add(err.rule)
    assert seen <= codes and len(seen) >= 10, seen
