"""The English the screens share."""

from __future__ import annotations

import doctest

import pytest

from companion.describe import words
from companion.widgets import count_stepper
from scoring import words as scoring_words


def test_plural_examples() -> None:
    assert doctest.testmod(words).failed == 0
    assert words.plural(1, "point") == "1 point"
    assert words.plural(12, "point") == "12 points"


@pytest.mark.parametrize("people, said", [
    ([], ""), (["Ann"], "Ann"), (["Ann", "Ben"], "Ann and Ben"),
    (["Ann", "Ben", "Cleo"], "Ann, Ben and Cleo"),
])
def test_one_joiner_for_screens_and_engines(people: list[str], said: str) -> None:
    assert words.names(people) == said == scoring_words.names(iter(people))
    assert words.names is scoring_words.names
    assert doctest.testmod(scoring_words).failed == 0


def test_a_stepper_at_one_says_the_singular() -> None:
    def shown(value: int, **kw: str) -> str:
        row = count_stepper.count_stepper(value, 0, 99, lambda n: None, **kw)
        return row.controls[1].content.value

    assert shown(1, noun="points") == "1 point"
    assert shown(10, noun="points") == "10 points"
    assert shown(1, noun="fuel") == "1 fuel"
