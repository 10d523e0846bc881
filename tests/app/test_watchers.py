"""A watcher's phone on a shared table (--lan, no PIN) reads each game's match as a scoreboard: no
pad, card, cell or chip button (enabled or disabled), no hint addressed to the scorekeeper, the
standings and the table's state; and it follows the keeper's next tap live.

One app for the four games, each seeded mid-play; screenshots at 412 x 915 go to
/tmp/watch-<game>.png for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from companion.widgets.following_banner import KEPT_ELSEWHERE
from tests.support.app.lan import pick, unlock
from tests.support.app.process import LAN_OPTIONS, AppProcess, new_phone, seeded_process
from tests.support.app.ui import button, host, open_page, see
from tests.support.app.watchers import BUTTON_NAMES
from tests.support.companion.watch_views import (
    careta_doubt_open,
    caro_started,
    carrera_trick,
    ratel_trick,
)

pytestmark = pytest.mark.browser

SEEDS = {"caro": caro_started, "careta": careta_doubt_open, "ratel": ratel_trick,
         "carrera": carrera_trick}
# The app bar's ways to read more (no Undo or Redo, not even greyed), the way back, and the
# banner's way to the PIN.
ALLOWED = {"Rules", "Timeline", "Big scoreboard", "Back", "Enter PIN"}
# Words telling the scorekeeper what to do; the banner's "enter the PIN" is the watcher's own.
TO_THE_KEEPER = re.compile(r"\b(tap|pick|enter|undo|choose)\b", re.IGNORECASE)


def caro_next(keeper: Page) -> None:
    pick(keeper, "white")
    button(keeper, re.compile(r"^row .*, empty; \w+ scores")).first.click()


def careta_next(keeper: Page) -> None:
    button(keeper, "State 11").click()


def ratel_next(keeper: Page) -> None:
    button(keeper, "Pass").click()


def carrera_next(keeper: Page) -> None:
    button(keeper, re.compile(r"^Play 4A with no fuel, speed")).click()  # one tap plays it


# game: (what the watcher reads now, the keeper's next tap, what the watcher reads then)
PLAYS: dict[str, tuple[str, Callable[[Page], None], str]] = {
    "caro": ("Ann to lay", caro_next, "Ben to lay"),
    "careta": ("Ben's 9 can be doubted until the next play.", careta_next,
               "Ann to play a card."),
    "ratel": ("Ben to play after Ann's 2 x +3.", ratel_next, "Cleo to play after Ann's 2 x +3."),
    "carrera": ("Ben plays to trick 1.", carrera_next, "Cleo plays to trick 1."),
}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    """One --lan app holding a match of each game in play."""
    process = seeded_process(tmp_path_factory.mktemp("watch") / "data", SEEDS, LAN_OPTIONS)
    yield process.start()
    process.stop()


def check_read_only(watcher: Page, game: str) -> None:
    names = set(watcher.evaluate(BUTTON_NAMES))
    assert names <= ALLOWED, f"{game}: a watcher has buttons {names - ALLOWED}"
    lines = host(watcher).inner_text().replace(KEPT_ELSEWHERE, "").splitlines()
    said = "\n".join(line for line in lines if line not in ALLOWED)  # the allowed buttons' names
    assert not TO_THE_KEEPER.search(said), f"{game}: said to the keeper: {said}"


@pytest.mark.parametrize("game", list(PLAYS))
def test_a_watcher_reads_the_match_and_follows_the_keeper(table: AppProcess, browser,
                                                          game: str) -> None:
    reads, keeper_taps, then = PLAYS[game]
    url = f"{table.url}/match/{table.seeded[game]}"
    keeper, watcher = new_phone(browser), new_phone(browser)
    unlock(keeper, table.url)
    open_page(keeper, url)
    open_page(watcher, url)
    see(watcher, reads)
    see(watcher, KEPT_ELSEWHERE)
    for name, value in SEEDS[game]().standings():  # the scoreboard
        see(watcher, name)
        see(watcher, value)
    expect(button(watcher, "Undo")).to_have_count(0)
    expect(button(watcher, "Redo")).to_have_count(0)
    check_read_only(watcher, game)
    watcher.wait_for_timeout(1500)  # a busy machine paints a moment after the semantics tree
    watcher.screenshot(path=f"/tmp/watch-{game}.png")

    see(keeper, reads.split(" ")[0])  # the keeper's screen is up before its tap
    keeper_taps(keeper)
    see(watcher, then)  # live: the watcher's page was not reloaded
    check_read_only(watcher, game)
    watcher.wait_for_timeout(1500)
    watcher.screenshot(path=f"/tmp/watch-{game}-next.png")
