"""The turns listed under Caro's grid are counted by turn: a rule break and the lay after it
are one turn (C8), not two ("Last 8 of 9 turns" after 8 turns, a trial scorer's finding)."""

from __future__ import annotations

import flet as ft

from companion.games.caro.screen import RECENT, _turn_list
from scoring import caro
from tests.support.companion.tree import every


def lay_anywhere(m: caro.Match) -> None:
    colour, cell = next((c, cell) for c in caro.COLOURS for cell in sorted(m.options(c)))
    m.lay(colour, cell)


def title(m: caro.Match) -> str:
    return next(c.value for c in every(_turn_list(m)) if isinstance(c, ft.Text))


def test_a_rule_break_is_no_turn_of_its_own() -> None:
    m = caro.Match(["Ann", "Ben"])
    for _ in range(RECENT):
        lay_anywhere(m)
    assert title(m) == "Turns"  # 8 entries: all shown
    m.rule_break(next(c for c in caro.COLOURS if m.options(c)))
    assert len(m.history) == RECENT + 1
    assert title(m) == "Last 8 of 9 turns"  # the break opens turn 9, shown with the 7 before it
    lay_anywhere(m)
    assert title(m) == "Last 7 of 9 turns"  # 8 lines: turns 3 to 8 and the break and lay of 9
    lay_anywhere(m)
    assert title(m) == "Last 7 of 10 turns"
    lay_anywhere(m)
    assert title(m) == "Last 7 of 11 turns"  # until the break leaves the list


def test_a_pause_and_a_resume_are_listed_in_the_turn_before_them() -> None:
    """The clock's entries are in `history` too (core splices them): the list counts them in
    the turn they follow (a pause made the Caro screen fail to draw when they were not)."""
    m = caro.Match(["Ann", "Ben"])
    for _ in range(RECENT):
        lay_anywhere(m)
    m.pause()
    assert m.step_turns == [*range(1, RECENT + 1), RECENT] and len(m.history) == RECENT + 1
    assert title(m) == "Last 7 of 8 turns"
    m.resume()
    lay_anywhere(m)
    assert len(m.step_turns) == len(m.history) and title(m) == "Last 6 of 9 turns"
