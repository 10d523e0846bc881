"""Caro's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

from scoring import caro
from tests.support.scoring.caro_playout import playout as caro_playout
from tests.support.storage.finished import caro_finished, caro_in_play

FIRST_TURN = "Ann"
HAS_NEXT_GAME = True  # a finished game's next one, started by its loser
FINAL_SCORES = True
HISTORY = "_story"


def fresh() -> caro.Match:
    return caro.Match(["Ann", "Ben"])


def in_play() -> caro.Match:
    return caro_in_play()


def finished() -> caro.Match:
    return caro_finished()


def playout(seed: int) -> caro.Match:
    """2 to 4 players, mixed lays, sweeps, undo and redo on the way."""
    return caro_playout(2 + seed % 3, seed, mixed=True, sweeping=True, undo_redo=True)
