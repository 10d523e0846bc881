"""A watcher at a shared table (--lan) follows the series: moved onto the next game as the keeper
starts it, with a line saying so and a tap back; no keeper controls drawn greyed; and when the
connection goes, a notice written for a watcher, with the hands Ratel's table watches."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import ratel
from tests.support.app.lan import unlock
from tests.support.app.process import LAN_OPTIONS, AppProcess, new_phone, seeded_process
from tests.support.app.ui import button, open_page, see, text
from tests.support.storage.finished import caro_finished

pytestmark = pytest.mark.browser

DONE = caro_finished(1)
STARTER = DONE.losers[0]
MOVED = "The scorekeeper started the next game: this screen follows it."


def mid_round() -> ratel.Match:
    """Round 1 under way: Ann has played two cards, so the hands differ."""
    match = ratel.Match(["Ann", "Ben", "Cleo"])
    match.play(2, -3)
    return match


@pytest.fixture
def table(tmp_path: Path) -> Iterator[AppProcess]:
    process = seeded_process(tmp_path / "data", {"done": lambda: DONE, "ratel": mid_round},
                             LAN_OPTIONS)
    yield process.start()
    process.stop()


def test_a_watcher_is_moved_onto_the_next_game_and_can_go_back(table: AppProcess,
                                                               browser) -> None:
    first = table.seeded["done"]
    url = f"{table.url}/match/{first}"
    keeper, watcher, board = new_phone(browser), new_phone(browser), new_phone(browser)
    unlock(keeper, table.url)
    open_page(keeper, url)
    open_page(watcher, url)
    open_page(board, f"{url}/board")  # a phone left on the Big scoreboard
    see(watcher, "Game over")
    see(board, "Game over")
    # Nothing of the keeper's drawn greyed on a watcher's page.
    expect(button(watcher, "Rules")).to_have_count(1)
    expect(button(watcher, "Undo")).to_have_count(0)
    expect(button(watcher, "Redo")).to_have_count(0)

    button(keeper, f"Next game ({STARTER} starts)").click()
    keeper.wait_for_url(lambda u: "/match/" in u and first not in u)
    fresh = keeper.url.rsplit("/", 1)[-1]
    # The watchers are moved on without a tap: the match screen and the Big scoreboard.
    watcher.wait_for_url(f"**/match/{fresh}")
    see(watcher, MOVED)
    see(watcher, f"{STARTER} lays the first caro")
    board.wait_for_url(f"**/match/{fresh}/board")
    expect(text(keeper, MOVED)).to_have_count(0)  # the keeper went there by its own tap

    # A tap goes back to the finished game, which stays shown (it offers the next game).
    button(watcher, "Back to the finished game").click()
    watcher.wait_for_url(f"**/match/{first}")
    see(watcher, "Game over")
    see(watcher, "Open the next game")
    watcher.wait_for_timeout(1000)
    assert watcher.url.endswith(f"/match/{first}")
    button(watcher, "Open the next game").click()
    watcher.wait_for_url(f"**/match/{fresh}")
    see(watcher, f"{STARTER} lays the first caro")
    expect(text(watcher, MOVED)).to_have_count(0)  # opened by a tap: nothing to explain


def test_a_watchers_lost_connection_notice_speaks_to_a_watcher(table: AppProcess,
                                                              browser) -> None:
    url = f"{table.url}/match/{table.seeded['ratel']}"
    keeper, watcher = new_phone(browser), new_phone(browser)
    unlock(keeper, table.url)
    with keeper.expect_response(lambda r: "/standings/" in r.url and r.ok, timeout=60_000):
        open_page(keeper, url)
    with watcher.expect_response(lambda r: "/standings/" in r.url and r.ok, timeout=60_000):
        open_page(watcher, url)
    see(watcher, "Ben to play after Ann's 2 x −3.")
    table.stop()
    for page in (keeper, watcher):
        expect(page.locator("#connection-lost")).to_be_visible(timeout=15_000)
    notice = watcher.locator("#connection-lost")
    expect(notice).to_contain_text("This screen follows the match")
    expect(notice).not_to_contain_text("Taps do nothing")
    expect(keeper.locator("#connection-lost")).to_contain_text("Taps do nothing")
    # The standings with the hands mid-round, not only the damage.
    rows = watcher.locator("#connection-lost-standings .standing")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text(re.compile(r"0 damage\s*8 cards in hand"))
    expect(rows.nth(1)).to_contain_text("10 cards in hand")
    table.start()  # the fixture stops the app it started
