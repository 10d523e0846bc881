"""The English the screens share."""

from __future__ import annotations

import doctest

import pytest

from companion.describe import words
from companion.widgets import count_stepper
from scoring import words as scoring_words
from scoring.said import ENGLISH


def test_the_screens_words_say_what_their_examples_say() -> None:
    assert doctest.testmod(words).failed == 0


@pytest.mark.parametrize("people, said", [
    ([], ""), (["Ann"], "Ann"), (["Ann", "Ben"], "Ann and Ben"),
    (["Ann", "Ben", "Cleo"], "Ann, Ben and Cleo"),
])
def test_the_english_joiner_is_englishs_list(people: list[str], said: str) -> None:
    # storage/store.py still names a match's players with it
    assert scoring_words.names(iter(people)) == said == ENGLISH.listed(people, "and")
    assert doctest.testmod(scoring_words).failed == 0


def test_a_stepper_at_one_says_the_singular() -> None:
    def shown(value: int, **kw: str) -> str:
        row = count_stepper.count_stepper(value, 0, 99, lambda n: None, **kw)
        return row.controls[1].controls[1].value  # the amount, over the least width's box

    assert shown(1, noun="points") == "1 point"
    assert shown(10, noun="points") == "10 points"
    assert shown(1, noun="fuel") == "1 fuel"


def _texts(control) -> list[str]:  # noqa: ANN001 (any Flet control)
    from tests.support.companion.tree import every

    return [c.value for c in every(control) if isinstance(getattr(c, "value", None), str)]


def test_negatives_take_the_minus_sign_on_screen() -> None:
    import doctest as doctests

    from companion.widgets.scoreboard import scoreboard
    from scoring import core, ratel

    assert doctests.testmod(core).failed == 0 and doctests.testmod(ratel).failed == 0
    shown = _texts(scoreboard([("Ann", "-10"), ("Ben", "20")]))
    assert "−10" in shown and "-10" not in shown
    assert words.minus_signs("Suns -2/10, 2026-12-02") == "Suns −2/10, 2026-12-02"


def test_the_big_scoreboard_puts_the_unit_under_its_figure() -> None:
    from companion.screens.board import _row
    from scoring.core import Standing

    shown = _texts(_row(Standing("Ann", 2, "trophies", "3 fuel"), current=False, won=False))
    assert {"2", "trophies", "3 fuel"} <= set(shown)
    assert not any("trophies, 3 fuel" in t for t in shown)
    assert "−4" in _texts(_row(Standing("Ann", -4, "", ""), current=False, won=False))


def test_ratel_says_past_the_limit_and_one_escape_as_a_person_would() -> None:
    from companion.games.ratel.parts import _against
    from scoring import ratel

    assert _against(7, 12, penalty=True) == "7 of 12 penalty points"
    assert _against(16, 15, penalty=True) == "16 penalty points (limit 15)"
    assert _against(1, 2, penalty=False) == "1 of 2 damage"
    assert str(ratel._escaped(["Ann"])) == "Ann escaped"
    assert str(ratel._escaped(["Ann"], first=True)) == "Ann escaped first"
    assert str(ratel._escaped(["Ann", "Ben"])) == "Ann and Ben escaped in that order"
