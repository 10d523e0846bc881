"""Helpers of tests/scoring/test_careta_rulings.py that other tests share: P3, TEAMS, english,
game, last, refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scoring.careta import Match
from scoring.core import RuleViolation

P3 = ["Ann", "Ben", "Cleo"]


TEAMS = {"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}


def refused(rule: str, action: Callable[[], object], m: Match | None = None) -> RuleViolation:
    """Run `action`, expect `rule`, and (given the match) check that nothing changed."""
    before = (m.events, m.points, m.history, m.phase) if m is not None else None
    with pytest.raises(RuleViolation) as err:
        action()
    assert err.value.rule == rule, str(err.value)
    assert str(err.value)
    if m is not None:
        assert (m.events, m.points, m.history, m.phase) == before
    return err.value


def game(players: list[str] = P3, direction: str = "up", **options: object) -> Match:
    """A match with its first set and first game started (Ann deals, Ben starts)."""
    m = Match(players, **options)  # type: ignore[arg-type]
    m.start_set()
    m.start_game(direction)
    return m


def english(value: Any) -> Any:
    """What the engine said, in English: a `Said` (or a tuple or dict holding some) as text."""
    if isinstance(value, tuple):
        return tuple(english(v) for v in value)
    if isinstance(value, dict):
        return {k: english(v) for k, v in value.items()}
    return value if isinstance(value, str) else str(value)


def last(m: Match) -> dict:
    """The latest history entry without its "said" (the same sentence as data: its English is
    "text", and test_careta_said checks the data itself)."""
    entry = m.history[-1]
    assert str(entry.pop("said")) == entry["text"]
    return entry
