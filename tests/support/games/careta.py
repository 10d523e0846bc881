"""Careta's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

import random

from scoring import careta
from tests.support.scoring.careta_playout import Chooser
from tests.support.scoring.careta_playout import playout as careta_playout
from tests.support.storage.finished import careta_finished, careta_in_play, careta_team_finished

FIRST_TURN = None  # nobody's turn before a set is opened
HAS_NEXT_GAME = False
FINAL_SCORES = True
HISTORY = "_entries"
OTHER_FINISHED = (careta_team_finished,)
WALK = {"mid": (careta_in_play, True), "team-over": (careta_team_finished, False),
        "over": (careta_finished, True)}


def fresh() -> careta.Match:
    return careta.Match(["Ann", "Ben", "Cleo"])


def in_play() -> careta.Match:
    return careta_in_play()


def finished() -> careta.Match:
    return careta_finished()


def playout(seed: int) -> careta.Match:
    """Players, teams and target chosen by the seed; at most 600 actions."""
    return careta_playout(Chooser(rng=random.Random(seed)), cap=600, undo_checks=False)
