"""Helpers of tests/scoring/test_ratel_playout.py that other tests share: BASE, check_invariants,
choose, playout, view."""

from __future__ import annotations

import random
from typing import Any

from scoring.ratel import COPIES, HAND, VALUES, Match

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"]


MAX_ACTIONS = 5000


BASE = {"_log", "_redo", "_checkpoints"}


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
