"""A watcher follows the scorekeeper's take-back of a next game on a shared table (--lan), and
reads a past table without anything to tap.

The keeper finishes nothing by hand: the app starts with one finished Caro game seeded. The
keeper opens its next game, the watcher is moved there, the keeper takes it back with Undo,
and the watcher ends on the finished game, which says so, never on "Match not found".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.support.app.lan import unlock
from tests.support.app.process import LAN_OPTIONS, AppProcess, new_phone, seeded_process
from tests.support.app.ui import button, open_page, see, text
from tests.support.app.watchers import BUTTON_NAMES
from tests.support.storage.finished import caro_finished

pytestmark = pytest.mark.browser

DONE = caro_finished(1)
STARTER = DONE.losers[0]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    process = seeded_process(tmp_path_factory.mktemp("watch-back") / "data",
                             {"done": lambda: DONE}, LAN_OPTIONS)
    yield process.start()
    process.stop()


def test_a_watcher_follows_the_keeper_back_from_a_next_game_taken_back(
        table: AppProcess, browser) -> None:
    first = table.seeded["done"]
    url = f"{table.url}/match/{first}"
    keeper, watcher = new_phone(browser), new_phone(browser)
    unlock(keeper, table.url)
    open_page(keeper, url)
    open_page(watcher, url)
    see(watcher, "Game over")
    expect(button(watcher, re.compile(r"^Next game"))).to_have_count(0)  # the keeper's to make

    button(keeper, f"Next game ({STARTER} starts)").click()
    keeper.wait_for_url(lambda u: "/match/" in u and first not in u)
    fresh = keeper.url.rsplit("/", 1)[-1]
    see(keeper, f"{STARTER} lays the first caro")
    # The watcher follows the table onto the next game as soon as it is made, live.
    watcher.wait_for_url(f"**/match/{fresh}")
    see(watcher, f"{STARTER} lays the first caro")

    button(keeper, "Undo").click()
    keeper.wait_for_url(f"**/match/{first}")
    see(keeper, "The next game was taken back (nothing was played in it)")
    # The watcher is sent to the finished game too, which says why.
    watcher.wait_for_url(f"**/match/{first}")
    see(watcher, "The next game was taken back.")
    see(watcher, "Game over")
    expect(text(watcher, "Match not found")).to_have_count(0)
    expect(button(watcher, "Undo")).to_have_count(0)  # no keeper's control, greyed or not
    watcher.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree
    watcher.screenshot(path="/tmp/watch-back.png")

    # Made again by the keeper: the watcher follows it there again, and is told so.
    button(keeper, "Redo").click()
    keeper.wait_for_url(f"**/match/{fresh}")
    watcher.wait_for_url(f"**/match/{fresh}")
    see(watcher, "The scorekeeper started the next game: this screen follows it.")
    expect(text(watcher, "The next game was taken back.")).to_have_count(0)


def test_a_watcher_reads_a_past_table_with_nothing_to_tap(table: AppProcess, browser) -> None:
    watcher = new_phone(browser)
    open_page(watcher, f"{table.url}/match/{table.seeded['done']}/timeline/2")
    see(watcher, "Step 2: the table as it was (read-only)")
    see(watcher, re.compile(r"^\w+ to lay$"))  # the watch view's turn line
    names = set(watcher.evaluate(BUTTON_NAMES))
    allowed = {"Earlier step", "Later step", "Back", "Back to the match"}
    assert names <= allowed, f"a watcher's past table has buttons {names - allowed}"
    expect(button(watcher, re.compile(r"^row .*, column |^Lay "))).to_have_count(0)
