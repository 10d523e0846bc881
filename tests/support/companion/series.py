"""Helpers of tests/companion/test_series.py that other tests share: finish, finish_one, next_of."""

from __future__ import annotations

import random

from scoring import caro


def finish(m: caro.Match, seed: int) -> caro.Match:
    """Play a Caro game to its end with legal caros only (the engine passes for whoever cannot
    lay, C10)."""
    rng = random.Random(seed)
    for _ in range(300):
        if m.is_over:
            return m
        m.lay(*rng.choice([(c, cell) for c in caro.COLOURS for cell in m.options(c)]))
    raise AssertionError("the game did not end")


def next_of(done: caro.Match) -> caro.Match:
    return done.next_game(starter=done.losers[0])


def finish_one(m: caro.Match) -> None:
    colour, cells = next((c, o) for c in caro.COLOURS if (o := m.options(c)))
    m.lay(colour, next(iter(cells)))
