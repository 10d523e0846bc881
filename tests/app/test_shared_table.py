"""All games at a shared table: what a watcher sees, how a match is dated, the Big scoreboard and
the chart of a Ratel match, checked in a real browser on a 412 x 915 phone.

Screenshots of each screen go to /tmp/shared-*.png for a person to look at.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from babel.dates import format_skeleton
from playwright.sync_api import expect

from scoring import ratel
from storage import Store
from tests.support.app.lan import unlock
from tests.support.app.process import LAN_PIN, AppProcess, new_phone
from tests.support.app.shell import start_caro
from tests.support.app.ui import button, go_to, host, open_page, see, text
from tests.support.storage import finished

pytestmark = pytest.mark.browser

LONG_AGO = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def en_gb_date(moment: datetime) -> str:
    """A date as the English screens write it (British English's CLDR: '1 Mar 2025', no leading
    zero, 'Sept'), in this machine's zone, which the test browser shares."""
    return format_skeleton("yMMMd", moment.astimezone(), locale="en_GB")


SLOW_PHONE = 6  # Chromium CPU throttling: a phone-class page


def shot(page, name: str) -> None:
    page.wait_for_timeout(1500)  # a busy machine paints a moment after the semantics tree
    page.screenshot(path=f"/tmp/shared-{name}.png")


def test_a_watcher_sees_a_read_only_table(lan_app, browser) -> None:
    keeper, watcher = new_phone(browser), new_phone(browser)
    unlock(keeper, lan_app.url)
    start_caro(keeper, lan_app.url, "Ann", "Ben")
    match_url = keeper.url

    # Home: the games, but no New match button and no Delete on the match to continue.
    open_page(watcher, lan_app.url)
    see(watcher, "Score is kept on another device. To take over, enter the PIN.")
    see(watcher, "Continue")
    expect(button(watcher, "New Caro match")).to_have_count(0)
    expect(button(watcher, re.compile(r"^Delete "))).to_have_count(0)
    expect(button(watcher, re.compile(r"^Export Caro: Ann, Ben"))).to_have_count(1)
    watcher.wait_for_timeout(1500)  # the list settles after the keeper's new match
    shot(watcher, "watcher-home")
    expect(button(keeper, re.compile(r"^Delete "))).to_have_count(0)  # keeper is on the match
    open_page(keeper, lan_app.url)
    expect(button(keeper, re.compile(r"^Delete Caro: Ann, Ben"))).to_have_count(1)

    # The match: a board to read, with no colour or cell to tap (tests/app/test_watchers.py).
    open_page(watcher, match_url)
    see(watcher, "Ann lays the first caro")
    see(watcher, "Score is kept on another device. To take over, enter the PIN.")
    expect(button(watcher, re.compile(r"^Lay "))).to_have_count(0)
    expect(button(watcher, "Undo")).to_have_count(0)
    shot(watcher, "watcher-match")
    open_page(keeper, match_url)
    expect(button(keeper, re.compile(r"^Lay grey"))).to_be_enabled()

    # A bookmarked New match address: the form is there, disabled, with the banner.
    open_page(watcher, lan_app.url + "/new/caro")
    see(watcher, "Score is kept on another device. To take over, enter the PIN.")
    expect(button(watcher, "Start match")).to_be_disabled()
    shot(watcher, "watcher-new-match")

    # Settings: nothing of the server's machine (its folder), the theme for this phone only.
    open_page(watcher, lan_app.url + "/settings")
    see(watcher, "The theme you pick applies on this device only.")
    see(watcher, "on the computer that shares the table")
    expect(text(watcher, str(lan_app.data))).to_have_count(0)
    assert str(lan_app.data) not in host(watcher).inner_text()
    shot(watcher, "watcher-settings")
    open_page(keeper, lan_app.url + "/settings")
    see(keeper, str(Path(lan_app.data).name))


def test_the_pin_eye_button_has_a_name_and_shows_the_pin(lan_app, phone) -> None:
    open_page(phone, lan_app.url)
    button(phone, "Share").click()
    field = host(phone).get_by_role("textbox", name="PIN")
    field.click()
    phone.keyboard.type("1357")
    expect(field).to_have_attribute("type", "password")
    button(phone, "Show PIN").click()
    button(phone, "Hide PIN").wait_for()
    expect(host(phone).get_by_role("textbox", name="PIN")).not_to_have_attribute(
        "type", "password")
    shot(phone, "pin-shown")
    button(phone, "Hide PIN").click()
    button(phone, "Show PIN").wait_for()


def test_undo_and_redo_in_an_old_match_keep_its_date(tmp_path: Path, browser) -> None:
    data = tmp_path / "data"
    with Store(data) as store:  # a match played long ago, as an earlier run kept it
        store.create(finished.ratel_damage_finished(), created=LONG_AGO,
                     updated=LONG_AGO + timedelta(minutes=20))
    app = AppProcess(data).start()
    try:
        page = new_phone(browser)
        ended = LONG_AGO + timedelta(minutes=20)
        played = f"{en_gb_date(ended)}, {ended.astimezone():%H:%M}"  # "1 Mar 2025, 20:20" in UTC
        row = button(page, re.compile(r"^Open Ratel( \(standard game\))?: Ann, Ben, Cleo"))
        open_page(page, app.url + "/history")
        expect(row).to_have_accessible_name(re.compile(re.escape(played)))
        row.click()
        see(page, "Game over")
        button(page, "Undo").click()
        see(page, "Undone:")
        button(page, "Redo").click()
        see(page, "Redone:")
        open_page(page, app.url + "/history")
        expect(row).to_have_accessible_name(re.compile(re.escape(played)))
        today = en_gb_date(datetime.now(UTC))
        assert today not in row.text_content()
        shot(page, "history-old-date")
        # ... and the statistics of the last 7 days do not count it.
        open_page(page, app.url + "/stats")
        see(page, "Statistics")
    finally:
        app.stop()


def ratel_with_equal_lines() -> ratel.Match:
    """Ann and Cleo on 3 penalty points each after two rounds; round 3 under way, trick by
    trick (so the match has more steps than rounds)."""
    m = ratel.Match(["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=30)
    m.record_round(out="Ann", hands={"Ben": 5, "Cleo": 3})
    m.record_round(out="Cleo", hands={"Ann": 3, "Ben": 2})
    m.play(1, 1)
    m.play(1, 2)
    m.play(1, 3)
    return m


def test_ratel_board_shows_hands_and_the_chart_counts_rounds(tmp_path: Path, browser) -> None:
    data = tmp_path / "data"
    with Store(data) as store:
        mid = store.create(ratel_with_equal_lines())
    app = AppProcess(data).start()
    try:
        page = new_phone(browser)
        open_page(page, f"{app.url}/match/{mid}/board")
        see(page, "9 cards in hand")
        see(page, "Ann: 3 penalty points, 9 cards in hand")
        shot(page, "board-ratel-phone")
        open_page(page, f"{app.url}/match/{mid}/chart")
        see(page, "Penalty points chart over 3 rounds")
        see(page, "Round")
        shot(page, "chart-ratel")
        wide = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        open_page(wide, f"{app.url}/match/{mid}/board")
        see(wide, "9 cards in hand")
        big = wide.locator("[flt-semantics-identifier='board-row-Ann']")
        small = page.locator("[flt-semantics-identifier='board-row-Ann']")
        open_page(page, f"{app.url}/match/{mid}/board")
        small.wait_for()
        # the row grows with the screen: taller on the laptop than on the phone
        assert big.bounding_box()["height"] > 1.3 * small.bounding_box()["height"]
        shot(wide, "board-ratel-wide")
        wide.context.close()
    finally:
        app.stop()


def test_a_lost_connection_says_so_and_goes_once_it_is_back(tmp_path: Path, browser) -> None:
    app = AppProcess(tmp_path / "data").start()
    try:
        page = new_phone(browser)
        open_page(page, app.url)
        button(page, "History").wait_for()
        banner = page.locator("#connection-lost")
        expect(banner).to_have_count(0)
        app.stop()
        expect(banner).to_be_visible(timeout=15_000)
        expect(banner).to_contain_text("Connection lost, reconnecting")
        expect(banner).to_contain_text("Taps do nothing until the connection is back")
        shot(page, "connection-lost")
        app.start()  # the same port: the page reconnects by itself
        expect(banner).to_have_count(0, timeout=30_000)
        go_to(page, "History", "Export all as JSON")
        see(page, "No finished matches yet.")
    finally:
        app.stop()


def test_a_fixed_pin_keeps_the_keepers_device_trusted_across_a_restart(tmp_path: Path,
                                                                       browser) -> None:
    app = AppProcess(tmp_path / "data", ("--lan", "--pin", LAN_PIN, "--host", "127.0.0.1"))
    app.start()
    try:
        keeper, watcher = new_phone(browser), new_phone(browser)
        # A slow phone: the keeper's page runs at a sixth of the machine's speed throughout,
        # so its storage answers long after the page connects (the server waits for it).
        keeper.context.new_cdp_session(keeper).send("Emulation.setCPUThrottlingRate",
                                                     {"rate": SLOW_PHONE})
        unlock(keeper, app.url)
        open_page(watcher, app.url)
        app.stop()
        app.start()  # the same port and data folder, the same PIN
        open_page(keeper, app.url)
        # The page offers its token once its storage answers, however long that takes.
        expect(button(keeper, "New Caro match")).to_have_count(1, timeout=60_000)
        expect(text(keeper, "Score is kept on another device")).to_have_count(0)
        open_page(watcher, app.url)  # a device that never entered the PIN still follows
        see(watcher, "Score is kept on another device. To take over, enter the PIN.")
        stored = keeper.evaluate("JSON.stringify(window.localStorage)")
        assert LAN_PIN not in stored.replace("table-companion", "")
        # "Stop keeping score here" takes the trust back: after a restart it asks again.
        button(keeper, "Share").click()
        button(keeper, "Stop keeping score here").click()
        see(keeper, "This device only follows the matches now.")
        app.stop()
        app.start()
        open_page(keeper, app.url)
        see(keeper, "Score is kept on another device. To take over, enter the PIN.")
        keeper.wait_for_timeout(1500)  # time for a token to be offered, had one been kept
        expect(button(keeper, "New Caro match")).to_have_count(0)
    finally:
        app.stop()


def test_a_random_pin_asks_again_after_a_restart(tmp_path: Path, browser) -> None:
    app = AppProcess(tmp_path / "data", ("--lan", "--host", "127.0.0.1")).start()
    try:
        pin = re.search(r"Scorekeeping PIN: (\d+)", app.output()).group(1)
        page = new_phone(browser)
        unlock(page, app.url, pin)
        app.stop()
        app.start()
        open_page(page, app.url)
        see(page, "Score is kept on another device. To take over, enter the PIN.")
        page.wait_for_timeout(1500)
        expect(button(page, "New Caro match")).to_have_count(0)
    finally:
        app.stop()
