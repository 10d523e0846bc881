"""Carrera's Big scoreboard, now that its standings' second figure (fuel) and its note
(momentum) are data the screen says in the table's language (issue 21): each row still reads as
before, on a 412 x 915 phone. Screenshots go to /tmp/carrera-*.png for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring import carrera
from storage import Store
from tests.support.app.process import AppProcess, new_phone
from tests.support.app.ui import open_page, see

pytestmark = pytest.mark.browser


def mid_round() -> carrera.Match:
    """Ann has won a trick (1 momentum) with 2 fuel; Ben is to play in trick 2."""
    match = carrera.Match(["Ann", "Ben", "Cleo"])
    for card, fuel in (("3", 2), ("1", 0), ("5", 1), ("4A", 0)):
        match.play(card, fuel)
    return match


def test_the_board_says_fuel_and_momentum(tmp_path: Path, browser) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        mid = store.create(mid_round())
    app = AppProcess(data).start()
    try:
        page = new_phone(browser)
        open_page(page, f"{app.url}/match/{mid}/board")
        see(page, "3 fuel")  # Ann's second figure, on a line of its own
        see(page, "1 momentum")  # and her note
        see(page, "trophies")  # what the large figure counts
        see(page, "Ann: 0 trophies, 3 fuel, 1 momentum")  # the row read out as one
        page.wait_for_timeout(1500)  # a busy machine paints a moment after the semantics tree
        page.screenshot(path="/tmp/carrera-board.png")
        open_page(page, f"{app.url}/match/{mid}")
        see(page, "Round 1, trick 1: Ann wins")
        see(page, "Cleo played 5: 0 (5 zeroed by the 1) + 1 fuel = speed 1")
        page.wait_for_timeout(1500)
        page.screenshot(path="/tmp/carrera-match.png")
    finally:
        app.stop()
