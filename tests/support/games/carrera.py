"""My Favorite Carrera RS's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

from scoring import carrera
from tests.support.scoring.carrera_playout import playout as carrera_playout
from tests.support.storage.finished import carrera_finished, carrera_in_play

FIRST_TURN = "Ann"
HAS_NEXT_GAME = False
FINAL_SCORES = False  # the race has no score to average (M8)
HISTORY = "_history"


def fresh() -> carrera.Match:
    return carrera.Match(["Ann", "Ben", "Cleo"])


def in_play() -> carrera.Match:
    return carrera_in_play()


def finished() -> carrera.Match:
    return carrera_finished()


def playout(seed: int) -> carrera.Match:
    """Each way of deciding a tie in turn (ask, first, last)."""
    return carrera_playout(seed, ("ask", "first", "last")[seed % 3])
