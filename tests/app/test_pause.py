"""The clock's Pause on a phone (412 x 915), in every game of `scoring.GAMES`: Pause and the one
Resume sit in the bottom bar within thumb reach (48 px, the lower two thirds, no scrolling), the
screen says the match is paused, and the timeline shows the pause and the resume.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from tests.support.app.process import PHONE
from tests.support.app.ui import button, go_to, open_page, see, text
from tests.support.games import games, hook

SEEDS = {game: hook(game).in_play for game in games()}
PAUSED = "Paused: the match's clock is stopped until you resume or play on."


def assert_in_thumb_reach(control: Locator, what: str) -> None:
    box = control.bounding_box()
    assert box is not None, f"{what} is not on the page"
    assert box["height"] >= 48 and box["width"] >= 48, f"{what}: {box}"
    assert box["y"] + box["height"] <= PHONE["height"], f"{what} needs scrolling: {box}"
    assert box["y"] >= PHONE["height"] * 2 / 3, f"{what} sits above the lower third: {box}"


@pytest.mark.parametrize("game", games())
def test_pause_and_resume_within_thumb_reach(app, phone, game: str) -> None:
    open_page(phone, f"{app.url}/match/{app.seeded[game]}")
    pause = button(phone, "Pause")
    pause.wait_for()
    assert_in_thumb_reach(pause, "Pause")
    pause.click()
    see(phone, PAUSED)
    resume = button(phone, "Resume")
    expect(resume).to_have_count(1)
    expect(pause).to_have_count(0)
    assert_in_thumb_reach(resume, "Resume")
    resume.click()
    expect(text(phone, PAUSED)).to_have_count(0)
    expect(button(phone, "Pause")).to_have_count(1)
    go_to(phone, "Timeline", "Match resumed.")
    see(phone, "Match paused.")
