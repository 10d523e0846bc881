"""Helpers of tests/scoring/test_carrera_playout.py that other tests share: playout,
random_action."""

from __future__ import annotations

import json
import random
from typing import Any

from scoring.carrera import CARDS, FACE_DOWN, Match

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


MAX_ACTIONS = 3000  # a game that is still going after this many actions fails the test


BASE = {"_log", "_redo", "_checkpoints"}


def view(m: Match, full: bool = True) -> dict[str, Any]:
    """Everything a screen or a check can read from the match (`full=False`: all but the history,
    which is append-only and checked as a prefix of the final one, to keep the test fast)."""
    return {
        "current": m.current,
        "lead": m.lead,
        "trick_no": m.trick_no,
        "round_no": m.round_no,
        "speeds": m.speeds,
        "pending_tie": m.pending_tie,
        "fuel": m.fuel,
        "momentum": m.momentum,
        "trophies": m.trophies,
        "market": m.market,
        "discarded": m.discarded,
        "chips_on_table": m.chips_on_table,
        "trick": m.trick,
        "suits_taken": m.suits_taken,
        "legal_cards": m.legal_cards(),
        "max_fuel": {card: m.max_fuel(card) for card in (*CARDS, FACE_DOWN)},
        "last_trick": m.last_trick,
        "history": m.history if full else None,
        "is_over": m.is_over,
        "winners": m.winners,
        "standings": m.standings(),
    }


def state(m: Match) -> dict[str, Any]:
    return {k: v for k, v in vars(m).items() if k not in BASE}


def random_action(m: Match, rng: random.Random) -> None:
    """One legal action: a tie pick, or a card biased towards face up and little fuel so that
    the sixth trick is nearly always won and games end."""
    if m.pending_tie is not None:
        m.resolve_tie(rng.choice(m.pending_tie))
        return
    cards = m.legal_cards()
    card = FACE_DOWN if rng.random() < 0.15 else rng.choice(cards[:-1])
    most = m.max_fuel(card)
    fuel = min(most, rng.choice([0, 0, 0, 1, 1, 2, 3, rng.randint(0, most)]))
    m.play(card, fuel, player=m.current if rng.random() < 0.5 else None)


def check_invariants(m: Match) -> None:
    n = len(m.players)
    # M9: no chip is ever created or lost
    assert sum(m.fuel.values()) + m.market + m.discarded + m.chips_on_table == 5 * n
    assert all(0 <= f <= 5 for f in m.fuel.values())
    assert m.market >= 0 and m.discarded >= 0 and m.chips_on_table >= 0
    assert 1 <= m.trick_no <= 6
    assert sum(m.trophies.values()) <= m.round_no
    assert max(m.trophies.values()) <= 2
    assert m.is_over == (max(m.trophies.values()) == 2)
    if m.is_over or m.pending_tie is not None:
        assert m.current is None
    else:
        assert m.current is not None and len(m.trick) < n
    if m.pending_tie is not None:
        assert len(m.trick) == n and len(m.pending_tie) >= 2
        assert len(set(m.speeds[p] for p in m.pending_tie)) == 1
    assert sorted(m.suits_taken) == sorted(set(m.suits_taken))
    assert all(m.speeds[p] >= 0 for p in m.speeds)
    # one momentum token per won trick of this round, all back at a new round (M5, M7)
    assert sum(m.momentum.values()) <= (6 if m.is_over else m.trick_no - 1)


def playout(seed: int, ties: str) -> Match:
    rng = random.Random(seed)
    players = NAMES[: rng.choice([3, 4, 5])]
    m = Match(players, lead=rng.choice(players), ties=ties)
    views = [view(m, full=False)]
    for _ in range(MAX_ACTIONS):
        if m.is_over:
            break
        random_action(m, rng)
        check_invariants(m)
        views.append(view(m, full=False))
    assert m.is_over, f"seed {seed}: no winner after {MAX_ACTIONS} actions"
    assert m.winners and m.trophies[m.winners[0]] == 2 and m.trick_no == 6
    history = m.history
    assert len(history) == len(m.events) - 1

    # replay, through JSON, equals the live match
    copy = Match.replay(json.loads(json.dumps(m.events)))
    assert state(copy) == state(m) and view(copy) == view(m) and copy.events == m.events

    # undo all the way back, seeing every position again, then redo all the way forward
    live = state(m)
    while m.can_undo:
        m.undo()
        assert view(m, full=False) == views[len(m.events) - 1]
        if len(m.events) % 8 == 0:
            assert m.history == history[: len(m.events) - 1]
    assert state(m) == state(Match(players, lead=m.lead, ties=ties))
    while m.can_redo:
        m.redo()
    assert state(m) == live and view(m, full=False) == views[-1]
    return m
