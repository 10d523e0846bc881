"""Helpers of tests/scoring/test_carrera.py that other tests share: FOUR, THREE, trick."""

from __future__ import annotations

from scoring.carrera import Match

THREE = ["Ann", "Ben", "Cleo"]


FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def chips(m: Match) -> int:
    """M9: every chip of the game, wherever it is."""
    return sum(m.fuel.values()) + m.market + m.discarded + m.chips_on_table


def act(m: Match, card: str, fuel: int = 0) -> None:
    """Play for the current player and check the chip count (M9) and the history length."""
    m.play(card, fuel)
    assert chips(m) == 5 * len(m.players)
    assert len(m.history) == len(m.events) - 1
    assert all(0 <= n <= 5 for n in m.fuel.values())


def trick(m: Match, *plays: tuple[str, int] | str) -> None:
    """Play a whole trick: each play is a card or (card, fuel), in turn order from the lead."""
    for play in plays:
        card, fuel = (play, 0) if isinstance(play, str) else play
        act(m, card, fuel)
