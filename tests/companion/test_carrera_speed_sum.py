"""How the Carrera screen says a speed adds up: from the rank the engine counts (M3)."""

from __future__ import annotations

from companion.games.carrera.parts import speed_sum
from companion.games.carrera.screen import _speed_line
from scoring import carrera


def test_a_card_zeroed_by_the_1_is_said_so() -> None:
    assert speed_sum("5", 0, 2, 1) == "0 (5 zeroed by the 1) + 2 fuel + 1 momentum"
    assert speed_sum("3", 3, 0, 0) == "3"


def test_the_live_speed_line_asks_the_engine() -> None:
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    m.play("1")
    assert _speed_line(m, "Ben", "5", 2) == "Speed 2 = 0 (5 zeroed by the 1) + 2 fuel"
    assert _speed_line(m, "Ben", "3", 1) == "Speed 4 = 3 + 1 fuel"
