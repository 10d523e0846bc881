"""Ratel's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

from scoring import ratel
from tests.support.scoring.ratel_playout import playout as ratel_playout
from tests.support.storage.finished import (
    ratel_damage_finished,
    ratel_in_play,
    ratel_penalty_finished,
)

FIRST_TURN = "Ann"
HAS_NEXT_GAME = False
FINAL_SCORES = True
HISTORY = "_history"
OTHER_FINISHED = (ratel_damage_finished,)
WALK = {"mid": (ratel_in_play, False), "over": (ratel_penalty_finished, True),
        "damage-over": (ratel_damage_finished, False)}


def fresh() -> ratel.Match:
    return ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty")


def in_play() -> ratel.Match:
    return ratel_in_play()


def finished() -> ratel.Match:
    return ratel_penalty_finished()


def playout(seed: int) -> ratel.Match:
    """Each mode in turn (damage, short, penalty), a result recorded for 3 turns in 10."""
    return ratel_playout(seed, ("damage", "short", "penalty")[seed % 3], 0.3)[0]
