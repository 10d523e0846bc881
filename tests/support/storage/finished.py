"""Matches of the real games, finished or in play, for the transfer and stats tests (and the
games' test hooks, tests/support/games)."""

from __future__ import annotations

import random

from scoring import careta, caro, carrera, ratel
from scoring.core import Match
from tests.support.scoring.careta_playout import Chooser
from tests.support.scoring.careta_playout import playout as careta_playout
from tests.support.scoring.caro_playout import playout as caro_playout
from tests.support.scoring.carrera_playout import playout as carrera_playout

TEAMS = {"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}


def caro_finished(seed: int = 1) -> caro.Match:
    return caro_playout(2, seed, mixed=True, sweeping=False, undo_redo=False)


def careta_team_finished() -> careta.Match:
    """Moons (Ben, Dan) win 1-0: Ann doubts Ben's truthful play."""
    m = careta.Match(["Ann", "Ben", "Cleo", "Dan"], teams=TEAMS, target=1)
    m.start_set()
    m.start_game("up")
    m.play("Ben", 3)
    m.doubt("Ann", True)
    assert m.is_over
    return m


def careta_finished(seed: int = 2) -> careta.Match:
    return careta_playout(Chooser(rng=random.Random(seed)), cap=600, undo_checks=False)


def ratel_penalty_finished() -> ratel.Match:
    """Ann 3, Ben 10, Cleo 15 penalty points: Ann wins."""
    m = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    m.record_round(out="Ben", hands={"Ann": 3, "Cleo": 10})
    return m


def ratel_damage_finished() -> ratel.Match:
    """Ben takes 2 damage: Ann and Cleo win."""
    m = ratel.Match(["Ann", "Ben", "Cleo"], mode="damage")
    m.record_round(order=["Ann", "Cleo", "Ben"])
    m.record_round(order=["Cleo", "Ann", "Ben"])
    assert m.is_over
    return m


def carrera_finished(seed: int = 3) -> carrera.Match:
    return carrera_playout(seed, "first")


def caro_in_play() -> caro.Match:
    m = caro.Match(["Ann", "Ben"])
    m.lay("grey", (0, 0))
    m.lay("red", (0, 1))
    return m


def careta_in_play() -> careta.Match:
    match = careta.Match(["Ann", "Ben", "Cleo", "Dan"], teams=TEAMS, target=10)
    match.start_set()
    match.start_game("up")
    match.play("Ben", 3)
    match.doubt("Ann", True)
    return match


def carrera_in_play() -> carrera.Match:
    match = carrera.Match(["Ann", "Ben", "Cleo"])
    for card in ("5", carrera.FACE_DOWN, "3"):
        match.play(card)
    return match


def ratel_in_play() -> ratel.Match:
    match = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=15)
    match.record_round(out="Ann", hands={"Ben": 10, "Cleo": 5})
    return match


def every_game() -> list[Match]:
    """Finished matches of every game of scoring.GAMES (each hook's, and its other modes'), and
    one in play (the first game's), in the registry's order."""
    from tests.support.games import games, hook, other_finished

    matches = [match for game in games()
               for match in (hook(game).finished(), *(build() for build in other_finished(game)))]
    return [*matches, hook(games()[0]).in_play()]
