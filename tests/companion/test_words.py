"""The English the screens share."""

from __future__ import annotations

import doctest

from companion import words
from companion.widgets import count_stepper


def test_plural_examples() -> None:
    assert doctest.testmod(words).failed == 0
    assert words.plural(1, "point") == "1 point"
    assert words.plural(12, "point") == "12 points"


def test_a_stepper_at_one_says_the_singular() -> None:
    def shown(value: int, **kw: str) -> str:
        row = count_stepper.count_stepper(value, 0, 99, lambda n: None, **kw)
        return row.controls[1].content.value

    assert shown(1, noun="points") == "1 point"
    assert shown(10, noun="points") == "10 points"
    assert shown(1, noun="fuel") == "1 fuel"
