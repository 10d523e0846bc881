"""One tap, one match: a burst of taps on "Play again" or on Caro's "Next game" makes one new
match, and coming back to the finished match later opens that same one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.support.app.process import AppProcess
from tests.support.app.ui import button, open_page, see
from tests.support.storage.finished import caro_finished, ratel_penalty_finished

pytestmark = pytest.mark.own_app  # seeds its matches by stopping and starting the app


def seed(app: AppProcess, match) -> str:
    with app.stopped_store() as store:
        return store.create(match)


def double_tap(page: Page, name: str) -> None:
    """Two taps on the button as fast as the mouse goes, the second without waiting for the
    first to be answered (as a thumb's double tap)."""
    box = button(page, name).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.mouse.click(x, y)


def stored_ids(app: AppProcess) -> list[str]:
    with app.stopped_store() as store:
        return [s.id for s in store.summaries()]


def test_a_double_tap_on_play_again_makes_one_match(app, phone) -> None:
    mid = seed(app, ratel_penalty_finished())
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ann wins")
    double_tap(phone, "Play again: same players and options")
    phone.wait_for_url(lambda url: "/match/" in url and mid not in url)
    fresh = phone.url.rsplit("/", 1)[-1]
    see(phone, "Round 1 · Ann leads")
    phone.wait_for_timeout(1000)  # let the second tap reach the server before it stops
    assert sorted(stored_ids(app)) == sorted([mid, fresh])
    # Back on the finished match (as from History), the button opens the same match.
    open_page(phone, f"{app.url}/match/{mid}")
    button(phone, "Open the match played again").click()
    phone.wait_for_url(f"**/match/{fresh}")
    see(phone, "Round 1 · Ann leads")
    assert len(stored_ids(app)) == 2


def test_a_double_tap_on_next_game_makes_one_caro_game_and_later_taps_open_it(app, phone):
    done = caro_finished(1)
    mid = seed(app, done)
    open_page(phone, f"{app.url}/match/{mid}")
    double_tap(phone, f"Next game ({done.losers[0]} starts)")
    phone.wait_for_url(lambda url: "/match/" in url and mid not in url)
    fresh = phone.url.rsplit("/", 1)[-1]
    see(phone, f"{done.losers[0]} lays the first caro")
    phone.wait_for_timeout(1000)  # let the second tap reach the server before it stops
    assert sorted(stored_ids(app)) == sorted([mid, fresh])
    # A second visit (after a server restart, too) opens the same next game.
    open_page(phone, f"{app.url}/match/{mid}")
    double_tap(phone, "Open the next game")
    phone.wait_for_url(f"**/match/{fresh}")
    see(phone, f"{done.losers[0]} lays the first caro")
    assert len(stored_ids(app)) == 2
