"""A shared table (--lan): phones follow the match live; only a device with the PIN keeps score.

Each person is a browser context of their own (a phone), all on the same app; the app is
started with --lan --pin 2468 but bound to 127.0.0.1, and the tests connect only there.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.app.lan import pick, run_cli, unlock
from tests.support.app.process import LAN_PIN, AppProcess, new_phone
from tests.support.app.shell import start_caro
from tests.support.app.ui import button, host, open_page, see, text, type_into

STALE = "The match changed on another screen"

# Tap a button (by its accessible name, or the start of it) at a given wall-clock time, so two
# phones tap in the same instant; returns at once, the tap happens later. `__tapped` is the name
# the button had at the tap: unchanged if the other phone's tap had not reached this page yet.
TAP_AT = """([prefix, at]) => {
  const host = document.querySelector('flt-semantics-host');
  const named = e => (e.getAttribute('aria-label') || e.textContent || '').trim();
  const target = [...host.querySelectorAll('[role=button]')]
      .find(e => named(e).startsWith(prefix));
  if (!target) throw new Error('no button ' + prefix);
  window.__tapped = null;
  setTimeout(() => { window.__tapped = target.isConnected ? named(target) : ''; target.click(); },
             at - Date.now());
}"""


def events(app: AppProcess, page: Page) -> list[dict]:
    """The events saved on disk for the match `page` shows (read-only, beside the running app)."""
    mid = re.search(r"/match/([0-9a-f]+)", page.url).group(1)
    path = Path(app.data) / "matches" / f"{mid}.json"
    return json.loads(path.read_text())["match"]["1"]["events"]


def name(locator) -> str:
    return locator.evaluate("e => (e.getAttribute('aria-label') || e.textContent).trim()")


def tap_together(pages: list[Page], prefixes: list[str]) -> None:
    at = int(time.time() * 1000) + 400
    for page, prefix in zip(pages, prefixes, strict=True):
        page.evaluate(TAP_AT, [prefix, at])
    for page, prefix in zip(pages, prefixes, strict=True):
        page.wait_for_function("() => window.__tapped !== null")
        # Each tap met the screen it was aimed at: neither phone showed the other's tap yet.
        assert page.evaluate("window.__tapped").startswith(prefix)


@pytest.mark.browser  # starts the app
def test_pin_options_are_checked_before_anything_starts(tmp_path: Path) -> None:
    for args, says in ((["--pin", "2468"], "--pin is for --lan"),
                       (["--lan", "--pin", "12"], "the PIN must be 4 to 8 digits"),
                       (["--lan", "--pin", "12ab"], "the PIN must be 4 to 8 digits"),
                       (["--lan", "--desktop"], "cannot be used with --desktop")):
        result = run_cli(*args, "--data", str(tmp_path / "data"))
        assert result.returncode == 2 and says in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


@pytest.mark.browser  # starts the app
def test_lan_prints_the_address_a_qr_code_and_a_random_pin(tmp_path: Path) -> None:
    shared = AppProcess(tmp_path / "data", ("--lan", "--host", "127.0.0.1")).start()
    try:
        out = shared.output()
    finally:
        shared.stop()
    assert f"Phones on the same network open: http://127.0.0.1:{shared.port}" in out
    assert re.search(r"Scorekeeping PIN: \d{4}\b", out)
    assert out.count("█") > 100  # the QR code, drawn with blocks


def test_without_lan_there_is_no_pin_and_share_says_how(app, phone) -> None:
    open_page(phone, app.url)
    expect(text(phone, "Score is kept on another device")).to_have_count(0)
    button(phone, "Share").click()
    see(phone, "Sharing is off")
    see(phone, "table-companion --lan")
    expect(host(phone).get_by_role("textbox", name="PIN")).to_have_count(0)


def test_a_spectator_follows_live_and_cannot_change_anything(lan_app, browser) -> None:
    keeper, spectator = new_phone(browser), new_phone(browser)
    open_page(spectator, lan_app.url)
    see(spectator, "Score is kept on another device. To take over, enter the PIN.")

    # The keeper's first try is a wrong PIN: refused, and the device stays a spectator.
    open_page(keeper, lan_app.url)
    button(keeper, "Share").click()
    see(keeper, "http://127.0.0.1:")
    expect(host(keeper).locator("[aria-label^='QR code for http://127.0.0.1:']")).to_have_count(1)
    type_into(keeper, "PIN", "1357")
    button(keeper, "Unlock scorekeeping").click()
    see(keeper, "Wrong PIN. 4 tries left before a wait.")
    unlock(keeper, lan_app.url)

    # A match started on the keeper's phone appears in the spectator's Continue list at once.
    start_caro(keeper, lan_app.url, "Ann", "Ben")
    see(spectator, "Continue")
    button(spectator, re.compile(r"^Open Caro: Ann, Ben")).click()
    see(spectator, "Ann lays the first caro")

    pick(keeper, "grey")
    button(keeper, re.compile(r"^row \d+, column \d+")).first.click()
    see(spectator, "Ben to lay")
    see(spectator, "Ann laid the first caro, grey at row")
    saved = events(lan_app, keeper)
    assert len(saved) == 2

    # The spectator's table is read-only: nothing there can be tapped to change the match.
    expect(button(spectator, "Undo")).to_have_count(0)
    expect(button(spectator, re.compile(r"^(Lay|cell) "))).to_have_count(0)
    assert events(lan_app, keeper) == saved
    see(keeper, "Ben to lay")

    # The big scoreboard follows the keeper's next lay.
    button(spectator, "Big scoreboard").click()
    see(spectator, "Ben to play")
    pick(keeper, "red")
    button(keeper, re.compile(r"^row \d+, column \d+, empty; \w+ scores")).first.click()
    see(spectator, "Ann to play")
    see(spectator, "Ben laid red at row")
    assert len(events(lan_app, keeper)) == 3

    # A spectator's wrong PIN is refused like any other.
    open_page(spectator, lan_app.url)
    button(spectator, "Enter PIN").click()
    type_into(spectator, "PIN", "0000")
    button(spectator, "Unlock scorekeeping").click()
    see(spectator, "Wrong PIN.")
    see(spectator, "Anyone can follow the matches")

    # Its theme is its own screen's: the server's saved preference stays as it was.
    open_page(spectator, lan_app.url + "/settings")
    dark = host(spectator).get_by_role("radio", name="Dark")
    dark.click()
    expect(dark).to_have_attribute("aria-checked", "true")
    spectator.wait_for_timeout(500)  # time for a write, had one been made
    saved = Path(lan_app.data) / "preferences.json"
    assert not saved.exists() or "dark" not in saved.read_text()


def test_two_scorekeepers_tapping_at_once_lose_and_duplicate_nothing(lan_app, browser) -> None:
    # Cleo and Dan: not Ann and Ben, whose match the spectator test opens from Home.
    cleo, dan = new_phone(browser), new_phone(browser)
    unlock(cleo, lan_app.url)
    unlock(dan, lan_app.url)
    start_caro(cleo, lan_app.url, "Cleo", "Dan")
    open_page(dan, cleo.url)
    pick(cleo, "grey")
    button(cleo, re.compile(r"^row \d+, column \d+")).first.click()
    see(dan, "Dan to lay")

    # Both phones lay a red caro for Dan on different cells in the same instant: one lay.
    for page in (cleo, dan):
        pick(page, "red")
    cells = host(cleo).get_by_role(
        "button", name=re.compile(r"^row \d+, column \d+, empty; \w+ scores"))
    first, second = (name(cells.nth(i)).split(" scores")[0] + " scores" for i in (0, 1))
    tap_together([cleo, dan], [first, second])
    see(cleo, "Cleo to lay")
    see(dan, "Cleo to lay")
    saved = events(lan_app, cleo)
    assert [e["type"] for e in saved] == ["setup", "lay", "lay"]
    assert saved[2]["player"] == "Dan"
    refused: list[Page] = []
    for _ in range(100):  # up to about 10 s
        refused = [p for p in (cleo, dan) if text(p, STALE).count()]
        if refused:
            break
        cleo.wait_for_timeout(100)
    assert len(refused) == 1, "exactly one of the two lays is refused, and says why"

    # Both tap Undo in the same instant: one undo, not two.
    tap_together([cleo, dan], ["Undo", "Undo"])
    see(cleo, "Dan to lay")
    see(dan, "Dan to lay")
    cleo.wait_for_timeout(500)
    assert [e["type"] for e in events(lan_app, cleo)] == ["setup", "lay"]

    # A colour picked on one phone does not survive a lay made on the other.
    pick(dan, "black")
    pick(cleo, "white")
    button(cleo, re.compile(r"^row \d+, column \d+, empty; \w+ scores")).first.click()
    see(dan, "Cleo to lay")
    expect(button(dan, re.compile(r"^Lay black, .*selected"))).to_have_count(0)
    assert [e["type"] for e in events(lan_app, cleo)] == ["setup", "lay", "lay"]


# Click a button found by its accessible name at once, from inside the page (no Playwright wait).
CLICK_NOW = """(name) => {
  const host = document.querySelector('flt-semantics-host');
  const target = [...host.querySelectorAll('[role=button]')]
      .find(e => (e.getAttribute('aria-label') || e.textContent || '').trim() === name);
  if (!target) throw new Error('no button ' + name);
  target.click();
}"""


def test_unlock_tapped_right_after_the_last_digit_uses_that_digit(lan_app, phone) -> None:
    """The PIN typed and Unlock tapped at once, six times: each time the whole PIN is checked."""
    open_page(phone, lan_app.url)
    button(phone, "Share").click()
    for attempt in range(6):
        type_into(phone, "PIN", LAN_PIN[:-1])  # all but the last digit, settled
        phone.keyboard.type(LAN_PIN[-1])
        phone.evaluate(CLICK_NOW, "Unlock scorekeeping")  # at once after the last digit
        said = text(phone, re.compile("This device keeps score now|Wrong PIN|wait")).first
        said.wait_for()
        assert name(said) == "This device keeps score now.", (attempt, name(said))
        button(phone, "Stop keeping score here").click()
        see(phone, "This device only follows the matches now.")
