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
from scoring.ratel import COPIES, HAND, VALUES, Match

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"]
SEEDS = 120
MAX_ACTIONS = 5000
BASE = {"_log", "_redo", "_checkpoints"}


def state(m: Match) -> dict[str, Any]:
    """Everything a match holds besides its log machinery."""
    return copy.deepcopy({k: v for k, v in vars(m).items() if k not in BASE})


def view(m: Match) -> dict[str, Any]:
    """What a screen reads, without the history (compared separately, it only grows)."""
    return {
        "current": m.current,
        "leader": m.leader,
        "hands": m.hands,
        "trick": m.trick,
        "passed": m.passed,
        "escaped": m.escaped,
        "discarded": m.discarded,
        "damage": m.damage,
        "penalties": m.penalties,
        "round_no": m.round_no,
        "last_trick": m.last_trick,
        "last_round": m.last_round,
        "is_over": m.is_over,
        "winners": m.winners,
        "events": len(m.events),
    }


def random_result(m: Match, rng: random.Random) -> dict[str, Any]:
    players = m.players
    if m.mode == "penalty":
        out = rng.choice(players)
        return {"out": out, "hands": {p: rng.randint(0, 12) for p in players if p != out}}
    order = players[:]
    rng.shuffle(order)
    return {"order": order}


def choose(m: Match, rng: random.Random, results: float) -> tuple[str, dict[str, Any]]:
    """A legal action for the current situation, from the engine's own option lists."""
    if m.can_record_round and rng.random() < results:
        return "record_round", random_result(m, rng)
    if m.can_pass and rng.random() < 0.55:
        return "pass_turn", {"player": m.current}
    options = m.options()
    if not options:
        assert m.can_pass, "a player who cannot play must be able to pass"
        return "pass_turn", {"player": m.current}
    count = rng.choice(sorted(options))
    return "play", {"count": count, "value": rng.choice(options[count]), "player": m.current}


def check_invariants(m: Match) -> None:
    n = len(m.players)
    hands = m.hands
    assert all(h >= 0 for h in hands.values())
    # R7: hand counts are tracked; cards in hands, on the table and out of play stay 10 a player
    assert sum(hands.values()) + m.trick_cards + m.discarded == HAND * n
    assert len(set(m.escaped)) == len(m.escaped)
    assert all(hands[p] == 0 for p in m.escaped)
    trick = m.trick
    assert all(play["count"] == trick[0]["count"] for play in trick)
    assert all(1 <= play["count"] <= COPIES and play["value"] in VALUES for play in trick)
    assert all(a["value"] < b["value"] for a, b in zip(trick, trick[1:], strict=False))
    if m.mode == "penalty":
        assert m.damage == dict.fromkeys(m.players, 0)
        assert m.escaped == [] or m.is_over  # R6: the first escape ends the round
        assert m.is_over == any(v >= m.penalty_limit for v in m.penalties.values())
    else:
        assert m.penalties == dict.fromkeys(m.players, 0)
        assert m.is_over == any(v >= m.damage_to_lose for v in m.damage.values())
        assert sum(v >= m.damage_to_lose for v in m.damage.values()) <= 1
    if m.is_over:
        assert m.current is None and m.leader is None and m.winners
        assert sorted(m.winners + m.losers) == sorted(m.players)
        assert m.options() == {} and not m.can_pass
        return
    assert m.winners == [] and m.losers == []
    assert hands[m.current] > 0 and m.current not in m.escaped
    assert len(set(m.passed)) == len(m.passed)
    assert all(hands[p] > 0 for p in m.passed)
    if not trick:
        assert m.current == m.leader and m.passed == [] and not m.can_pass
        # between tricks everyone not out holds cards (R4)
        assert all(hands[p] > 0 for p in m.players if p not in m.escaped)
        assert m.options(), "the leader of an empty trick always has a play"
    else:
        assert trick[0]["player"] == m.leader and m.current != trick[-1]["player"]
    if m.mode != "penalty":
        assert len(m.players) - len(m.escaped) >= 2


def check_step(m: Match, before: dict[str, Any], actor: str | None) -> None:
    """Within a round only the actor's hand and the trick winner's change; escapes only add."""
    if m.round_no != before["round_no"] or m.is_over:
        return
    changed = {p for p in m.players if m.hands[p] != before["hands"][p]}
    winner = m.last_trick["winner"] if m.last_trick and not m.trick else None
    assert changed <= {actor, winner}
    assert m.escaped[: len(before["escaped"])] == before["escaped"]
    assert all(m.hands[p] < before["hands"][p] for p in changed if p != winner)


def playout(seed: int, mode: str, results: float) -> tuple[Match, list[dict[str, Any]]]:
    rng = random.Random(seed)
    players = NAMES[: rng.randint(2, 6)]
    limit = rng.choice([5, 10, 15]) if mode == "penalty" else 15
    m = Match(players, starter=rng.choice(players), mode=mode, penalty_limit=limit)
    views = [view(m)]
    check_invariants(m)
    for _ in range(MAX_ACTIONS):
        if m.is_over:
            break
        action, kwargs = choose(m, rng, results)
        getattr(m, action)(**kwargs)
        check_invariants(m)
        check_step(m, views[-1], kwargs.get("player"))
        views.append(view(m))
    assert m.is_over, f"seed {seed}: no end after {MAX_ACTIONS} actions"
    return m, views


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
