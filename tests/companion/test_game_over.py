"""The finished match's panel: a trophy beside a headline that names who won, a finish flag
beside one that names who lost (Ratel's damage game ends on its loser: "Game over: Eve loses!"
beside a trophy read as Eve's prize)."""

from __future__ import annotations

import flet as ft

from companion.games.ratel.parts import game_end
from scoring import ratel
from tests.support.companion.tree import every


def icons(control: ft.Control) -> list[ft.IconData]:
    return [c.icon for c in every(control) if isinstance(c, ft.Icon)]


def headline(control: ft.Control) -> str:
    return next(c.value for c in every(control) if isinstance(c, ft.Text))


def test_a_loser_headline_has_no_trophy() -> None:
    match = ratel.Match(["Ann", "Ben", "Eve"], mode="short")
    match.record_round(order=["Ben", "Ann", "Eve"])
    panel = game_end(match)
    assert headline(panel) == "Game over: Eve loses!"
    assert icons(panel) == [ft.Icons.SPORTS_SCORE]


def test_a_winner_headline_has_its_trophy() -> None:
    match = ratel.Match(["Ann", "Ben", "Eve"], mode="penalty", penalty_limit=5)
    match.record_round(out="Ann", hands={"Ben": 3, "Eve": 9})
    panel = game_end(match)
    assert headline(panel).startswith("Game over: Ann")
    assert icons(panel) == [ft.Icons.EMOJI_EVENTS]
