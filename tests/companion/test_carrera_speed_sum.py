"""How the Carrera screen says a speed: from the rank the engine counts (M3)."""

from __future__ import annotations

from companion.games.carrera.parts import speed_sum
from companion.games.carrera.plays import play_name
from scoring import carrera


def test_a_card_zeroed_by_the_1_is_said_so() -> None:
    assert speed_sum("5", 0, 2, 1) == "0 (5 zeroed by the 1) + 2 fuel + 1 momentum"
    assert speed_sum("3", 3, 0, 0) == "3"


def test_each_play_button_says_the_speed_the_engine_gives() -> None:
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    m.play("1")
    assert play_name(m, "5", 2) == "Play 5 with 2 fuel, speed 2"  # zeroed by the 1
    assert play_name(m, "3", 0) == "Play 3 with no fuel, speed 3"
    assert play_name(m, carrera.FACE_DOWN, 0) == "Play face down"
