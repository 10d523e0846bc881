"""Helpers of tests/companion/test_caro_grid.py that other tests share: playout."""

from __future__ import annotations

import random

from scoring import caro


def playout(players: int, seed: int):
    """Each position of a seeded random game of `players` (legal lays), the finished one last."""
    match = caro.Match(players=["Ann", "Ben", "Cleo", "Dan"][:players])
    rng = random.Random(seed)
    while not match.is_over:
        yield match
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(match.options(c))]
        match.lay(*rng.choice(moves))
    yield match
